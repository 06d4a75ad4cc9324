import { Transform } from 'node:stream';
import {
  ORDER_CSV_COLUMNS,
  type AdminOrdersQuery,
  type AssignOrderBody,
  type ExpectedAtBody,
  type IdParam,
  type Identity,
  type UpdateOrderStatusBody,
} from '@mastering/contracts';
import type { RouteContext } from '@mastering/service-kit';
import type { Knex } from 'knex';
import { Order } from '@mastering/db';
import { csvWriter } from '../csv';
import { assignOrder, revokeOrderLinks, setExpectedAt } from './assignment';
import { listOrders, orderDetail, streamOrders, toAdminOrder } from './queries';
import { updateOrderStatus, type FulfilmentDeps } from './status';

// Staff routes run only with an identity (the route's permission), so `identity` is set.
const caller = (ctx: RouteContext) => ctx.state.identity as Identity;

/** GET /api/admin/orders — staff; the filtered list (plain array), or a page with counters when paging is asked for. */
export const getOrders = (deps: FulfilmentDeps) => async (ctx: RouteContext<undefined, AdminOrdersQuery>) => {
  ctx.body = await listOrders(deps.knex, ctx.state.query, caller(ctx), deps.counters.orders);
};

/** GET /api/admin/orders/:id — staff; the order with its files and status history. */
export const getOrder = (knex: Knex) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  ctx.body = await orderDetail(knex, ctx.state.params.id);
};

/** PATCH /api/admin/orders/:id/status — staff; an allowed status change, kept in the history (delivering mails the customer). */
export const patchOrderStatus =
  (deps: FulfilmentDeps) => async (ctx: RouteContext<UpdateOrderStatusBody, undefined, IdParam>) => {
    ctx.body = {
      order: await updateOrderStatus(
        deps,
        ctx.state.params.id,
        ctx.state.body.status,
        ctx.state.body.notes,
        caller(ctx),
      ),
    };
  };

/** PATCH /api/admin/orders/:id/assignee — staff; assign the order to the caller or release it. */
export const patchAssignee =
  (deps: FulfilmentDeps) => async (ctx: RouteContext<AssignOrderBody, undefined, IdParam>) => {
    ctx.body = { order: await assignOrder(deps, ctx.state.params.id, ctx.state.body, caller(ctx)) };
  };

/** PATCH /api/admin/orders/:id/expected-at — staff; when the engineer expects to deliver (a delay is mailed). */
export const patchExpectedAt =
  (deps: FulfilmentDeps) => async (ctx: RouteContext<ExpectedAtBody, undefined, IdParam>) => {
    ctx.body = { order: await setExpectedAt(deps, ctx.state.params.id, ctx.state.body, caller(ctx)) };
  };

/** POST /api/admin/orders/:id/revoke-links — admin; the order's links stop working and the customer is mailed a new one. */
export const postRevokeLinks = (deps: FulfilmentDeps) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  ctx.body = { order: await revokeOrderLinks(deps, ctx.state.params.id, caller(ctx)) };
};

/** GET /api/admin/orders/export — staff; the filtered list as CSV, streamed row by row from the database. */
export const exportOrders = (knex: Knex) => async (ctx: RouteContext<undefined, AdminOrdersQuery>) => {
  const rows = streamOrders(knex, ctx.state.query, caller(ctx));
  const toRecord = new Transform({
    objectMode: true,
    transform(row: Record<string, unknown>, _enc, done) {
      // The same mapping as the list (toAdminOrder), so the CSV shows what the screen shows.
      const order = toAdminOrder(
        Order.fromJson(
          { ...row, assignee: row.assigneeEmail ? { email: row.assigneeEmail } : null },
          { skipValidation: true },
        ),
      );
      done(null, {
        ...order,
        paidAt: order.paidAt ?? '',
        dueAt: order.dueAt ?? '',
        subtotal: order.subtotal.toFixed(2),
        discount: order.discount.toFixed(2),
        total: order.total.toFixed(2),
        assignedToEmail: order.assignedToEmail ?? '',
      });
    },
  });
  const csv = csvWriter(ORDER_CSV_COLUMNS);
  rows.on('error', (err) => csv.destroy(err));
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  ctx.set('Content-Disposition', `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`);
  ctx.body = rows.pipe(toRecord).pipe(csv);
};
