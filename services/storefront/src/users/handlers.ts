import type { Knex } from 'knex';
import type { CreateUserBody, IdParam, UpdateUserBody } from '@mastering/contracts';
import type { RouteContext } from '@mastering/service-kit';
import { createUser, deleteUser, getUser, listUsers, updateUser } from './service';

/** GET /api/users — admin; every user. */
export const getUsers = (knex: Knex) => async (ctx: RouteContext) => {
  ctx.body = await listUsers(knex);
};

/** GET /api/users/:id — admin; one user. */
export const getOneUser = (knex: Knex) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  ctx.body = await getUser(knex, ctx.state.params.id);
};

/** POST /api/users — admin; creates a user (201). */
export const postUser = (knex: Knex) => async (ctx: RouteContext<CreateUserBody>) => {
  ctx.status = 201;
  ctx.body = await createUser(knex, ctx.state.body);
};

/** PUT /api/users/:id — admin; changes the given fields (deactivating ends the user's sessions). */
export const putUser = (knex: Knex) => async (ctx: RouteContext<UpdateUserBody, undefined, IdParam>) => {
  ctx.body = await updateUser(knex, ctx.state.params.id, ctx.state.body, ctx.state.identity!.userId);
};

/** DELETE /api/users/:id — admin; removes a user other than yourself. */
export const deleteOneUser = (knex: Knex) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  await deleteUser(knex, ctx.state.params.id, ctx.state.identity!.userId);
  ctx.body = { ok: true };
};
