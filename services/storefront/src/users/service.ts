import type { Knex } from 'knex';
import {
  CANNOT_DEACTIVATE_SELF,
  CANNOT_DELETE_SELF,
  CANNOT_DEMOTE_SELF,
  USER_EMAIL_TAKEN,
  USER_NOT_FOUND,
  type CreateUserBody,
  type UpdateUserBody,
  type User as UserShape,
} from '@mastering/contracts';
import { Session, User } from '@mastering/db';
import { BadRequest, Conflict, NotFound } from '@mastering/service-kit';

/** Every user, newest first (the spec's plain array). */
export async function listUsers(knex: Knex): Promise<UserShape[]> {
  const users = await User.query(knex).modify('newestFirst');
  return users.map((u) => u.toApi());
}

/** One user; 404 when there is none. */
export async function getUser(knex: Knex, id: string): Promise<UserShape> {
  const user = await User.query(knex).findById(id);
  if (!user) throw new NotFound(USER_NOT_FOUND);
  return user.toApi();
}

/** 409 when another user already has this address (any capitalisation). */
async function assertEmailFree(knex: Knex, email: string, exceptId?: string) {
  const other = await User.query(knex)
    .modify('withEmail', email)
    .modify((b) => (exceptId ? b.whereNot('id', exceptId) : b))
    .first();
  if (other) throw new Conflict(USER_EMAIL_TAKEN);
}

/** Creates a user (an active customer unless told otherwise). */
export async function createUser(knex: Knex, body: CreateUserBody): Promise<UserShape> {
  await assertEmailFree(knex, body.email);
  const user = await User.query(knex).insertAndFetch({
    email: body.email,
    firstName: body.firstName,
    lastName: body.lastName,
    role: body.role,
    isActive: body.isActive === 'true',
  });
  return user.toApi();
}

/**
 * Changes the given fields of a user. An admin cannot take away their own admin role or deactivate
 * themselves (the console would lock them out). Deactivating a user ends all their sessions at once,
 * in the same transaction.
 */
export async function updateUser(knex: Knex, id: string, body: UpdateUserBody, actorId: string): Promise<UserShape> {
  if (id === actorId && body.role !== undefined && body.role !== 'admin') throw new BadRequest(CANNOT_DEMOTE_SELF);
  if (id === actorId && body.isActive === 'false') throw new BadRequest(CANNOT_DEACTIVATE_SELF);
  return knex.transaction(async (trx) => {
    const user = await User.query(trx).findById(id).forUpdate();
    if (!user) throw new NotFound(USER_NOT_FOUND);
    if (body.email !== undefined) await assertEmailFree(trx, body.email, id);
    const patch = {
      ...(body.email !== undefined && { email: body.email }),
      ...(body.firstName !== undefined && { firstName: body.firstName }),
      ...(body.lastName !== undefined && { lastName: body.lastName }),
      ...(body.role !== undefined && { role: body.role }),
      ...(body.isActive !== undefined && { isActive: body.isActive === 'true' }),
    };
    const updated = Object.keys(patch).length > 0 ? await user.$query(trx).patchAndFetch(patch) : user;
    if (!updated.isActive) await Session.endAllOf(trx, id);
    return updated.toApi();
  });
}

/** Deletes a user (their sessions go with them; their orders stay, detached). You cannot delete yourself. */
export async function deleteUser(knex: Knex, id: string, actorId: string): Promise<void> {
  if (id === actorId) throw new BadRequest(CANNOT_DELETE_SELF);
  const deleted = await User.query(knex).deleteById(id);
  if (!deleted) throw new NotFound(USER_NOT_FOUND);
}
