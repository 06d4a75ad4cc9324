import type {
  AssignOrderBody,
  AudioDeletedBody,
  ExpectedAtBody,
  Identity,
  NoticeSent,
  OwnerProcessingBody,
} from '@mastering/contracts';
import { OPS_WORKER, type OwnerCall } from './owner-calls';

// The storefront owns orders, order files, releases and sessions (issue 52): ops' staff actions and
// timer jobs change them through these calls to its internal routes (services/storefront/src/fulfilment).
// Each is idempotent, so a job whose run failed half-way asks again on its next run.

/** The storefront's writes that ops asks for. */
export type StorefrontWrites = {
  /** The caller takes the order or lets it go (409 / 403 when another staff member holds it). */
  assign(caller: Identity, orderId: string, body: AssignOrderBody): Promise<void>;
  /** The engineer's expected delivery time; a delay past the promise is mailed once. */
  setExpectedAt(caller: Identity, orderId: string, body: ExpectedAtBody): Promise<void>;
  /** The order's links stop working and the customer is mailed the new one. */
  revokeLinks(caller: Identity, orderId: string): Promise<void>;
  /** The release's tracks in the order of `fileIds` (400 unless each track once). */
  reorderRelease(caller: Identity, orderId: string, fileIds: readonly string[]): Promise<void>;
  /** The engineer's status and notes of one order file. */
  setProcessing(caller: Identity, fileId: string, body: OwnerProcessingBody): Promise<void>;
  /** No session outlives `hours` from its sign-in. */
  capSessions(caller: Identity, hours: number): Promise<void>;
  /** Tells an overdue order's customer once this round (a timer job); answers whether this call did. */
  noticeDelay(orderId: string, at: Date, overdueAt: Date): Promise<boolean>;
  /** Asks a delivered order for its rating once (a timer job); answers whether this call did. */
  requestFeedback(orderId: string, at: Date): Promise<boolean>;
  /** Records that these files' and references' audio was deleted (retention, erasure). */
  audioDeleted(body: AudioDeletedBody): Promise<void>;
};

/** The storefront's writes through `call` (its internal routes). */
export function storefrontWritesOverHttp(call: OwnerCall): StorefrontWrites {
  const sent = async (answer: Promise<NoticeSent>) => (await answer).sent;
  return {
    assign: async (caller, id, body) => void (await call(caller, 'PUT', `/internal/orders/${id}/assignee`, body)),
    setExpectedAt: async (caller, id, body) =>
      void (await call(caller, 'PUT', `/internal/orders/${id}/expected-at`, body)),
    revokeLinks: async (caller, id) => void (await call(caller, 'POST', `/internal/orders/${id}/revoke-links`)),
    reorderRelease: async (caller, id, fileIds) =>
      void (await call(caller, 'PUT', `/internal/orders/${id}/running-order`, { fileIds })),
    setProcessing: async (caller, id, body) =>
      void (await call(caller, 'PUT', `/internal/order-files/${id}/processing`, body)),
    capSessions: async (caller, hours) => void (await call(caller, 'POST', '/internal/sessions/cap', { hours })),
    noticeDelay: (id, at, overdueAt) =>
      sent(
        call(OPS_WORKER, 'POST', `/internal/orders/${id}/delay-notice`, {
          at: at.toISOString(),
          overdueAt: overdueAt.toISOString(),
        }),
      ),
    requestFeedback: (id, at) =>
      sent(call(OPS_WORKER, 'POST', `/internal/orders/${id}/feedback-request`, { at: at.toISOString() })),
    audioDeleted: async (body) => void (await call(OPS_WORKER, 'POST', '/internal/audio-deleted', body)),
  };
}
