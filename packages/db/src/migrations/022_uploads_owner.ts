import type { Knex } from 'knex';

/**
 * An upload is made by someone (a guest's browser or a signed-in user), but it outlives a deleted
 * account: `uploads.user_id` is ON DELETE SET NULL, which the row CHECK `uploads_owner_check` refused
 * for an upload made while signed in, so such a user could never be deleted. The rule now holds when
 * the row is created (a trigger); an upload left without an owner is never reachable by anyone and is
 * removed by the abandoned-uploads sweep unless an order keeps it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table uploads drop constraint uploads_owner_check');
  await knex.raw(`
    create function uploads_owner_on_insert() returns trigger language plpgsql as $$
    begin
      if new.guest_key_hash is null and new.user_id is null then
        raise exception 'an upload needs an owner: a guest key or a user'
          using errcode = 'check_violation', constraint = 'uploads_owner_check', table = 'uploads';
      end if;
      return new;
    end $$`);
  await knex.raw(
    'create trigger uploads_owner_on_insert before insert on uploads for each row execute function uploads_owner_on_insert()',
  );
}

/** Restores the row CHECK (ownerless uploads are removed first, as it would refuse them). */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists uploads_owner_on_insert on uploads');
  await knex.raw('drop function if exists uploads_owner_on_insert()');
  await knex.raw('delete from uploads where guest_key_hash is null and user_id is null');
  await knex.raw(
    'alter table uploads add constraint uploads_owner_check check (guest_key_hash is not null or user_id is not null)',
  );
}
