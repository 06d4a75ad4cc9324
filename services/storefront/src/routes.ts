import { z } from 'zod';
import {
  created,
  redirects,
  route,
  sends,
  type RawBody,
  type Reply,
  type ReplySpec,
  type RouteTable,
} from '@mastering/service-kit';
import {
  ReleaseAnswer,
  CheckoutResponse,
  CreateCheckoutBody,
  CreateOrderBody,
  IdempotencyHeaders,
  CreateOrderResponse,
  AnswerRefundRequestBody,
  CreateRefundBody,
  CreateRefundRequestBody,
  CustomerOrderView,
  DataAccessProof,
  DeletionRequested,
  ErrorBody,
  IdParam,
  MeResponse,
  MixCheck,
  OkResponse,
  OrderRefunds,
  OrderResponse,
  OrderInvoiceQuery,
  CreditNoteParams,
  OrderViewQuery,
  PersonalDataExport,
  PublicClaims,
  RateOrderBody,
  Refund,
  RefundRequest,
  RefundRequestCount,
  RefundRequestList,
  RefundRequestReceived,
  REFUND_REQUEST_COUNT_PATH,
  orderRefundsPath,
  RefundRequestsQuery,
  ReplaceTrackBody,
  RevisionRequestBody,
  TrackOrdersBody,
  TrackOrdersResponse,
  RequestCodeBody,
  RequestCodeResponse,
  SiteConfig,
  StoredUpload,
  UploadUrlResponse,
  BeginDirectUploadBody,
  CompleteDirectUploadBody,
  DirectUploadPlan,
  SignedParts,
  SignPartsBody,
  UploadedParts,
  VerifyCodeBody,
  VerifyLinkBody,
  WebhookAck,
  YocoWebhookEvent,
  CreateUserBody,
  UpdateUserBody,
  User,
  UserList,
} from '@mastering/contracts';
import type { Server as TusServer } from '@tus/server';
import type { Knex } from 'knex';
import type { AuthDeps } from './auth/service';
import type { LoginLimiters } from './auth/rate-limits';
import * as auth from './auth/handlers';
import { getConfig } from './site-config/handlers';
import { getClaims, publicClaims } from './site-config/claims';
import * as uploads from './uploads/handlers';
import * as orders from './orders/handlers';
import * as users from './users/handlers';
import * as payments from './payments/handlers';
import * as refunds from './refunds/handlers';
import * as orderPage from './order-page/handlers';
import { getCustomerRelease } from './order-page/release';
import { trackOrders, type TrackLimiters } from './order-page/track';
import type { RequestLimiters } from './request-limits';
import {
  getProof,
  getYourData,
  postDeletionRequest,
  requestDataCode,
  verifyDataCode,
  verifyDataLink,
} from './your-data/handlers';
import type { YourDataDeps } from './your-data/proof';
import type { OrderPageDeps } from './order-page/service';
import type { Queue } from '@mastering/jobs';
import type { UploadDeps } from './uploads/service';
import type { AbandonedDeps } from './payments/abandoned';
import type { GuestCookieOptions } from './visitor';

/** A public row whose permission is an order's signed link answers 403 when the link is missing, forged, expired or another order's. */
const ORDER_LINK_REFUSED: ReplySpec = {
  status: 403,
  description: "The order link is missing, forged, expired or another order's",
  schema: ErrorBody,
};

export type RouteDeps = {
  knex: Knex;
  auth: AuthDeps;
  limits: LoginLimiters;
  cookie: auth.CookieOptions;
  guestCookie: GuestCookieOptions;
  uploads: UploadDeps;
  tus: TusServer;
  payments: AbandonedDeps;
  orderPage: OrderPageDeps;
  queue: Queue;
  trackLimits: TrackLimiters;
  /** Refund requests per order link, data downloads per address (request-limits.ts). */
  requestLimits: RequestLimiters;
  yourData: YourDataDeps;
};

/** A Your data row answers 401 until the browser has proven an address (a data-access code or a session). */
const NOT_PROVEN: ReplySpec = {
  status: 401,
  description: 'No address proven yet: ask for a code and verify it, or sign in',
  schema: ErrorBody,
};

/** The raw file of a whole-body PUT (an audio type, or octet-stream when the browser knows none). */
const AUDIO_BYTES: RawBody = {
  contentType: 'application/octet-stream',
  description: 'The audio file, whole (any audio/* type is accepted too)',
};
/** A tus chunk (tus 1.0.0; `Tus-Resumable`, `Upload-Offset` headers). */
const TUS_CHUNK: RawBody = {
  contentType: 'application/offset+octet-stream',
  description: 'A chunk of the file at Upload-Offset (tus 1.0.0)',
};
/** tus answers by its own protocol: headers carry the offset, bodies are empty or plain text. */
const TUS_ANSWERS: Reply = [
  sends('text/plain', 'The upload and its offset (HEAD), in tus headers', 200),
  sends('text/plain', 'Upload begun (tus creation)', 201),
  sends('text/plain', 'Chunk stored; Upload-Offset says how far', 204),
  sends('text/plain', 'A tus precondition failed (missing or unsupported Tus-Resumable)', 412),
];
/** Yoco's webhook: JSON, read raw so its Standard Webhooks signature can be checked. */
const WEBHOOK_EVENT: RawBody = {
  contentType: 'application/json',
  description: 'A signed Yoco event (webhook-id, webhook-timestamp, webhook-signature headers)',
  schema: YocoWebhookEvent,
};

/** The webhook acknowledges an event, or refuses one whose signature does not verify. */
const WEBHOOK_ANSWERS: Reply = [
  { status: 200, description: 'Received (or a repeat of one already received)', schema: WebhookAck },
  { status: 401, description: 'The signature does not verify', schema: ErrorBody },
];

/** A resume link's token (see payments/abandoned.ts). */
const ResumeParams = z.object({ token: z.string().min(1).max(2000) });

/** The storefront's route table: site configuration, login, uploads, orders and payment. */
export const routes = (deps: RouteDeps): RouteTable => [
  // Prices must be current the moment staff change them: every cache revalidates (a cheap 304 by ETag).
  route({
    method: 'GET',
    path: '/api/config',
    permission: 'public',
    cache: 'public, no-cache',
    response: SiteConfig,
    handler: getConfig(deps.knex, deps.payments),
  }),
  // The marketing claims computed from delivered orders (issue 27); browsers may reuse them for 5 minutes.
  route({
    method: 'GET',
    path: '/api/config/claims',
    permission: 'public',
    cache: 'public, max-age=300',
    response: PublicClaims,
    handler: getClaims(publicClaims(deps.knex)),
  }),
  route({
    method: 'POST',
    path: '/auth/request-code',
    permission: 'public',
    body: RequestCodeBody,
    response: RequestCodeResponse,
    handler: auth.requestCode(deps.auth, deps.cookie, deps.limits),
  }),
  route({
    method: 'POST',
    path: '/auth/verify-code',
    permission: 'public',
    body: VerifyCodeBody,
    response: MeResponse,
    handler: auth.verifyCode(deps.auth, deps.cookie, deps.limits),
  }),
  // The one-time sign-in link of a login mail (its token after `#`, posted by the login page).
  route({
    method: 'POST',
    path: '/auth/verify-link',
    permission: 'public',
    body: VerifyLinkBody,
    response: MeResponse,
    handler: auth.verifyLink(deps.auth, deps.cookie, deps.limits),
  }),
  // Public: ends the caller's own session, if any.
  route({
    method: 'POST',
    path: '/auth/logout',
    permission: 'public',
    accepts: 'none',
    response: OkResponse,
    handler: auth.logout(deps.auth, deps.cookie),
  }),
  // POPIA rights: a code mailed to the address proves whose data it is (a data-access code, which
  // makes no account, or the login code behind a session).
  route({
    method: 'POST',
    path: '/api/your-data/request-code',
    permission: 'public',
    body: RequestCodeBody,
    response: RequestCodeResponse,
    handler: requestDataCode(deps.auth, deps.limits, deps.yourData),
  }),
  route({
    method: 'POST',
    path: '/api/your-data/verify-code',
    permission: 'public',
    body: VerifyCodeBody,
    response: DataAccessProof,
    handler: verifyDataCode(deps.auth, deps.limits, deps.yourData),
  }),
  route({
    method: 'POST',
    path: '/api/your-data/verify-link',
    permission: 'public',
    body: VerifyLinkBody,
    response: DataAccessProof,
    handler: verifyDataLink(deps.auth, deps.limits, deps.yourData),
  }),
  route({
    method: 'GET',
    path: '/api/your-data/proof',
    permission: 'public',
    cache: 'private, no-store',
    response: DataAccessProof,
    handler: getProof(deps.yourData),
  }),
  route({
    method: 'GET',
    path: '/api/your-data',
    permission: 'public',
    cache: 'private, no-store',
    response: [
      { status: 200, description: 'Every row about the proven address', schema: PersonalDataExport },
      NOT_PROVEN,
    ],
    handler: getYourData(deps.yourData, deps.requestLimits),
  }),
  route({
    method: 'POST',
    path: '/api/your-data/deletion',
    permission: 'public',
    accepts: 'none',
    response: [{ status: 202, description: 'Deletion requested', schema: DeletionRequested }, NOT_PROVEN],
    handler: postDeletionRequest(deps.yourData),
  }),
  // Public: answers `{ user: null }` when signed out.
  route({
    method: 'GET',
    path: '/api/auth/me',
    permission: 'public',
    cache: 'private, no-store',
    response: MeResponse,
    handler: auth.me(deps.auth),
  }),

  // Ordering needs no account: a guest's browser is known by the cookie its first upload sets.
  route({
    method: 'POST',
    path: '/api/files/upload',
    permission: 'public',
    accepts: 'none',
    response: UploadUrlResponse,
    handler: uploads.createUploadUrl(deps.uploads, deps.guestCookie),
  }),
  // The mix check of a stored track, for the browser that uploaded it (the upload page polls it).
  route({
    method: 'GET',
    path: '/api/files/upload/:id/mix-check',
    permission: 'public',
    params: IdParam,
    cache: 'private, no-store',
    response: MixCheck,
    handler: uploads.getMixCheck(deps.uploads, deps.guestCookie),
  }),
  // The upload URL: one whole-body PUT, or tus (POST to begin, PATCH chunks, HEAD to resume).
  route({
    method: 'PUT',
    path: '/uploads/:id',
    permission: 'public',
    params: IdParam,
    accepts: AUDIO_BYTES,
    response: StoredUpload,
    handler: uploads.putUpload(deps.uploads),
  }),
  route({
    method: 'POST',
    path: '/uploads/:id',
    permission: 'public',
    params: IdParam,
    accepts: TUS_CHUNK,
    response: TUS_ANSWERS,
    handler: uploads.tusUpload(deps.tus),
  }),
  route({
    method: 'PATCH',
    path: '/uploads/:id',
    permission: 'public',
    params: IdParam,
    accepts: TUS_CHUNK,
    response: TUS_ANSWERS,
    handler: uploads.tusUpload(deps.tus),
  }),
  // Direct uploads (S3): the bytes go from the browser to the bucket; these rows begin, sign and complete.
  route({
    method: 'POST',
    path: '/uploads/:id/multipart',
    permission: 'public',
    params: IdParam,
    body: BeginDirectUploadBody,
    response: DirectUploadPlan,
    handler: uploads.beginDirect(deps.uploads),
  }),
  route({
    method: 'GET',
    path: '/uploads/:id/multipart',
    permission: 'public',
    params: IdParam,
    cache: 'private, no-store',
    response: UploadedParts,
    handler: uploads.listParts(deps.uploads),
  }),
  route({
    method: 'DELETE',
    path: '/uploads/:id/multipart',
    permission: 'public',
    params: IdParam,
    response: OkResponse,
    handler: uploads.abortDirect(deps.uploads),
  }),
  route({
    method: 'POST',
    path: '/uploads/:id/multipart/sign',
    permission: 'public',
    params: IdParam,
    body: SignPartsBody,
    response: SignedParts,
    handler: uploads.signParts(deps.uploads),
  }),
  route({
    method: 'POST',
    path: '/uploads/:id/multipart/complete',
    permission: 'public',
    params: IdParam,
    body: CompleteDirectUploadBody,
    response: StoredUpload,
    handler: uploads.completeDirect(deps.uploads),
  }),
  route({
    method: 'HEAD',
    path: '/uploads/:id',
    permission: 'public',
    params: IdParam,
    response: TUS_ANSWERS,
    handler: uploads.tusUpload(deps.tus),
  }),

  route({
    method: 'POST',
    path: '/api/orders',
    permission: 'public',
    headers: IdempotencyHeaders,
    body: CreateOrderBody,
    response: created(CreateOrderResponse),
    handler: orders.createOrder(deps.knex, deps.queue, deps.guestCookie),
  }),
  // Public, but answers only the browser that placed the order (or staff); anyone else gets 404.
  route({
    method: 'GET',
    path: '/api/orders/:id',
    permission: 'public',
    params: IdParam,
    cache: 'private, no-store',
    response: OrderResponse,
    handler: orders.getOrder(deps.knex, deps.guestCookie, deps.orderPage),
  }),
  // The customer's order page: the signed link from an order mail is the permission (403 without it).
  route({
    method: 'GET',
    path: '/api/orders/:id/view',
    permission: 'public',
    params: IdParam,
    query: OrderViewQuery,
    cache: 'private, no-store',
    response: [
      { status: 200, description: 'The order as its customer sees it', schema: CustomerOrderView },
      ORDER_LINK_REFUSED,
    ],
    handler: orderPage.getOrderView(deps.orderPage),
  }),
  // Issue 55: the order's release (EP or album), for the order page's player; the link is the permission.
  route({
    method: 'GET',
    path: '/api/orders/:id/release',
    permission: 'public',
    params: IdParam,
    query: OrderViewQuery,
    cache: 'private, no-store',
    response: [{ status: 200, description: 'The order’s release, or null', schema: ReleaseAnswer }, ORDER_LINK_REFUSED],
    handler: getCustomerRelease(deps.orderPage),
  }),
  route({
    method: 'POST',
    path: '/api/orders/:id/revisions',
    permission: 'public',
    params: IdParam,
    body: RevisionRequestBody,
    response: created(CustomerOrderView),
    handler: orderPage.postRevision(deps.orderPage),
  }),
  // A track the analysis flagged gets a new upload (the link in the body and the uploading browser are the permission).
  route({
    method: 'POST',
    path: '/api/orders/:id/replacements',
    permission: 'public',
    params: IdParam,
    body: ReplaceTrackBody,
    response: [
      { status: 200, description: 'Replaced; the order page as it is now', schema: CustomerOrderView },
      ORDER_LINK_REFUSED,
      {
        status: 409,
        description:
          'The order is not open, the track is not flagged, or the upload is unfinished or taken (nothing changed)',
        schema: ErrorBody,
      },
    ],
    handler: orderPage.postReplacement(deps.orderPage, deps.uploads, deps.guestCookie),
  }),
  // Rating the delivered masters (issue 27): once per order, the link in the body is the permission.
  route({
    method: 'POST',
    path: '/api/orders/:id/rating',
    permission: 'public',
    params: IdParam,
    body: RateOrderBody,
    response: [
      { status: 201, description: 'Rated; the order page as it is now', schema: CustomerOrderView },
      ORDER_LINK_REFUSED,
      { status: 409, description: 'Not delivered yet, or rated already (nothing stored)', schema: ErrorBody },
    ],
    handler: orderPage.postRating(deps.orderPage),
  }),
  // Track my order: mails the address its orders' links; the same answer whether it has any or not.
  route({
    method: 'POST',
    path: '/api/orders/track',
    permission: 'public',
    body: TrackOrdersBody,
    response: TrackOrdersResponse,
    handler: trackOrders(deps.knex, deps.queue, deps.trackLimits),
  }),
  // The paid order's invoice, with the same access as the order itself or its order page's link.
  route({
    method: 'GET',
    path: '/api/orders/:id/invoice',
    permission: 'public',
    params: IdParam,
    query: OrderInvoiceQuery,
    cache: 'private, no-store',
    response: [sends('application/pdf', "The order's Tax Invoice or Receipt, as a PDF attachment"), ORDER_LINK_REFUSED],
    handler: orders.getOrderInvoice(deps.knex, deps.guestCookie, deps.orderPage),
  }),
  // A refund's credit note, with the same access as the invoice.
  route({
    method: 'GET',
    path: '/api/orders/:id/credit-notes/:creditNoteId',
    permission: 'public',
    params: CreditNoteParams,
    query: OrderInvoiceQuery,
    cache: 'private, no-store',
    response: [sends('application/pdf', "A refund's Credit Note, as a PDF attachment"), ORDER_LINK_REFUSED],
    handler: orders.getOrderCreditNote(deps.knex, deps.guestCookie, deps.orderPage),
  }),

  route({
    method: 'POST',
    path: '/api/payment/create-checkout',
    permission: 'public',
    headers: IdempotencyHeaders,
    body: CreateCheckoutBody,
    response: CheckoutResponse,
    handler: payments.createCheckout(deps.payments, deps.guestCookie),
  }),
  // Refunds go through Yoco, whose keys only the storefront holds (the gateway sends /api/admin/refunds here).
  route({
    method: 'GET',
    path: orderRefundsPath(':id'),
    permission: 'admin',
    params: IdParam,
    response: OrderRefunds,
    handler: refunds.getOrderRefunds(deps.payments),
  }),
  route({
    method: 'POST',
    path: orderRefundsPath(':id'),
    permission: 'admin',
    params: IdParam,
    body: CreateRefundBody,
    response: created(Refund),
    handler: refunds.postOrderRefund(deps.payments),
  }),
  // "Not happy?": the order page's link is the permission; a request for staff, never a refund.
  route({
    method: 'POST',
    path: '/api/orders/:id/refund-request',
    permission: 'public',
    params: IdParam,
    body: CreateRefundRequestBody,
    response: created(RefundRequestReceived),
    handler: refunds.postRefundRequest(deps.orderPage, deps.requestLimits),
  }),
  // The Refund requests screen and the order dialog read them (engineers too); only an admin answers,
  // since an approval commits the studio to a refund that only an admin may issue.
  route({
    method: 'GET',
    path: '/api/admin/refund-requests',
    permission: 'staff',
    query: RefundRequestsQuery,
    response: RefundRequestList,
    handler: refunds.getRefundRequests(deps.orderPage),
  }),
  route({
    method: 'GET',
    path: REFUND_REQUEST_COUNT_PATH,
    permission: 'staff',
    response: RefundRequestCount,
    handler: refunds.getRefundRequestCount(deps.orderPage),
  }),
  route({
    method: 'POST',
    path: '/api/admin/refund-requests/:id/answer',
    // A decision about the customer's money: admins only (engineers read the requests, never answer them).
    permission: 'admin',
    params: IdParam,
    body: AnswerRefundRequestBody,
    response: RefundRequest,
    handler: refunds.postRefundRequestAnswer(deps.orderPage),
  }),
  // Public: the signed link of the payment reminder is the permission.
  route({
    method: 'GET',
    path: '/api/payment/resume/:token',
    permission: 'public',
    params: ResumeParams,
    cache: 'private, no-store',
    response: redirects('To a new Yoco checkout for the order (or its success page when already paid)', 303),
    handler: payments.resumePayment(deps.payments),
  }),
  // Staff and customer accounts (Users screen): the storefront, which signs people in, is the one writer of users.
  route({
    method: 'GET',
    path: '/api/users',
    permission: 'admin',
    response: UserList,
    handler: users.getUsers(deps.knex),
  }),
  route({
    method: 'POST',
    path: '/api/users',
    permission: 'admin',
    body: CreateUserBody,
    response: created(User),
    handler: users.postUser(deps.knex),
  }),
  route({
    method: 'GET',
    path: '/api/users/:id',
    permission: 'admin',
    params: IdParam,
    response: User,
    handler: users.getOneUser(deps.knex),
  }),
  route({
    method: 'PUT',
    path: '/api/users/:id',
    permission: 'admin',
    params: IdParam,
    body: UpdateUserBody,
    response: User,
    handler: users.putUser(deps.knex),
  }),
  route({
    method: 'DELETE',
    path: '/api/users/:id',
    permission: 'admin',
    params: IdParam,
    response: OkResponse,
    handler: users.deleteOneUser(deps.knex),
  }),
  // Public: Yoco calls it; the Standard Webhooks signature is the permission. Read raw (see app.ts).
  route({
    method: 'POST',
    path: payments.WEBHOOK_PATH,
    permission: 'public',
    accepts: WEBHOOK_EVENT,
    response: WEBHOOK_ANSWERS,
    handler: payments.paymentWebhook(deps.payments),
  }),
];
