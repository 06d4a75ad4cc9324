import {
  AudioDeletedBody,
  CapSessionsBody,
  DelayNoticeBody,
  FeedbackRequestBody,
  IdParam,
  NoticeSent,
  OkResponse,
  OwnerAssignBody,
  OwnerExpectedAtBody,
  OwnerProcessingBody,
  OwnerReorderBody,
} from '@mastering/contracts';
import { route } from '@mastering/service-kit';
import { capSessions, markAudioDeleted, reorderRelease, setProcessing } from './files';
import {
  assignOrder,
  type OrderWriteDeps,
  requestFeedback,
  revokeOrderLinks,
  setExpectedAt,
  tellDelayed,
} from './orders';

// The storefront's internal routes for ops (issue 52: it owns orders, order files, releases and
// sessions): ops' staff actions, signed with the staff member's identity, and ops' timer jobs, signed
// as its worker. Ops answers its own caller from the database afterwards; these answer only what ops
// cannot read there.

const OK = { ok: true } as const;

/** The fulfilment writes ops asks for (never forwarded by the gateway); `now` is the clock (tests move it). */
export const fulfilmentRoutes = (deps: OrderWriteDeps & { now: () => Date }) => {
  const { knex } = deps;
  return [
    route({
      method: 'PUT',
      path: '/internal/orders/:id/assignee',
      permission: 'staff',
      params: IdParam,
      body: OwnerAssignBody,
      response: OkResponse,
      handler: async (ctx) => {
        await assignOrder(knex, ctx.state.params.id, ctx.state.body, ctx.state.identity!);
        ctx.body = OK;
      },
    }),
    route({
      method: 'PUT',
      path: '/internal/orders/:id/expected-at',
      permission: 'staff',
      params: IdParam,
      body: OwnerExpectedAtBody,
      response: OkResponse,
      handler: async (ctx) => {
        await setExpectedAt(deps, ctx.state.params.id, ctx.state.body.expectedAt, deps.now());
        ctx.body = OK;
      },
    }),
    route({
      method: 'POST',
      path: '/internal/orders/:id/revoke-links',
      permission: 'admin',
      params: IdParam,
      accepts: 'none',
      response: OkResponse,
      handler: async (ctx) => {
        await revokeOrderLinks(deps, ctx.state.params.id);
        ctx.body = OK;
      },
    }),
    route({
      method: 'POST',
      path: '/internal/orders/:id/delay-notice',
      permission: 'staff',
      params: IdParam,
      body: DelayNoticeBody,
      response: NoticeSent,
      handler: async (ctx) => {
        const { at, overdueAt } = ctx.state.body;
        const options = overdueAt ? { overdueAt: new Date(overdueAt) } : {};
        const sent = await knex.transaction((trx) =>
          tellDelayed(trx, deps.queue, ctx.state.params.id, new Date(at), options),
        );
        ctx.body = { sent };
      },
    }),
    route({
      method: 'POST',
      path: '/internal/orders/:id/feedback-request',
      permission: 'staff',
      params: IdParam,
      body: FeedbackRequestBody,
      response: NoticeSent,
      handler: async (ctx) => {
        ctx.body = { sent: await requestFeedback(deps, ctx.state.params.id, new Date(ctx.state.body.at)) };
      },
    }),
    route({
      method: 'PUT',
      path: '/internal/orders/:id/running-order',
      permission: 'staff',
      params: IdParam,
      body: OwnerReorderBody,
      response: OkResponse,
      handler: async (ctx) => {
        await reorderRelease(knex, ctx.state.params.id, ctx.state.body.fileIds);
        ctx.body = OK;
      },
    }),
    route({
      method: 'PUT',
      path: '/internal/order-files/:id/processing',
      permission: 'staff',
      params: IdParam,
      body: OwnerProcessingBody,
      response: OkResponse,
      handler: async (ctx) => {
        await setProcessing(knex, ctx.state.params.id, ctx.state.body, deps.now());
        ctx.body = OK;
      },
    }),
    route({
      method: 'POST',
      path: '/internal/audio-deleted',
      permission: 'staff',
      body: AudioDeletedBody,
      response: OkResponse,
      handler: async (ctx) => {
        await markAudioDeleted(knex, ctx.state.body);
        ctx.body = OK;
      },
    }),
    route({
      method: 'POST',
      path: '/internal/sessions/cap',
      permission: 'admin',
      body: CapSessionsBody,
      response: OkResponse,
      handler: async (ctx) => {
        await capSessions(knex, ctx.state.body.hours);
        ctx.body = OK;
      },
    }),
  ];
};
