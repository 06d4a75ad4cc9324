import type { Knex } from 'knex';
import { DELETION_REQUESTED } from '@mastering/contracts';
import { DeletionRequest, User } from '@mastering/db';
import { personalDataOf } from '@mastering/orders';
import { NotFound, type RouteContext } from '@mastering/service-kit';

// The customer side of POPIA rights. The proof of the address is the login code mailed to it (the
// login's own machinery and rate limits): these routes need a signed-in session and act on its email.

/** The signed-in user's email (their session proves they received a code there). */
async function provenEmail(knex: Knex, ctx: RouteContext): Promise<string> {
  const user = await User.query(knex).findById(ctx.state.identity!.userId);
  if (!user) throw new NotFound('Account not found');
  return user.email;
}

/** Swallows a unique violation (23505), rethrows anything else. */
const unlessDuplicate = (err: { code?: string }) => {
  if (err.code !== '23505') throw err;
};

/** GET /api/your-data — the JSON download of every row about the signed-in address. */
export const getYourData = (knex: Knex) => async (ctx: RouteContext) => {
  const data = await personalDataOf(knex, await provenEmail(knex, ctx));
  ctx.set('Content-Disposition', 'attachment; filename="your-data.json"');
  ctx.body = data;
};

/** POST /api/your-data/deletion — records a deletion request for staff (once: a waiting one is kept). */
export const postDeletionRequest = (knex: Knex) => async (ctx: RouteContext) => {
  const email = await provenEmail(knex, ctx);
  const waiting = await DeletionRequest.query(knex)
    .whereRaw('lower(email) = lower(?)', [email])
    .whereNull('completedAt')
    .first();
  // Two requests at once: the unique index keeps one, and the other answers the same.
  if (!waiting) await DeletionRequest.query(knex).insert({ email }).catch(unlessDuplicate);
  ctx.status = 202;
  ctx.body = { message: DELETION_REQUESTED };
};
