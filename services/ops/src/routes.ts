import type { Knex } from 'knex';
import {
  CoherenceTable,
  ReleaseAnswer,
  ReleaseSettings,
  ReorderReleaseBody,
  AdminAudioFile,
  AdminAudioFilePage,
  AdminAudioFilesQuery,
  AdminOrderDetail,
  AdminOrderList,
  AdminOrderPage,
  AdminOrderResponse,
  AnalyticsResponse,
  ClaimSettings,
  ClaimsOverview,
  ErrorBody,
  StaffRating,
  StaffRatingList,
  AudioFileAnalysis,
  AudioFileMixCheck,
  AudioFileList,
  AudioFileResponse,
  CustomerList,
  CustomerOrders,
  CustomerPage,
  CustomerStats,
  CustomerSummary,
  DashboardStats,
  Delivery,
  MessageQueued,
  PaymentDetail,
  PaymentSummary,
  SignedLink,
  StoredSettings,
  SystemStatus,
  ClearedCaches,
  TestEmailQueued,
  TestEmailStatus,
  UploadUrlResponse,
  AdminOrdersQuery,
  AnalyticsQuery,
  AssignOrderBody,
  ExpectedAtBody,
  ConfirmUploadBody,
  CustomerEmailParam,
  CustomersQuery,
  DownloadUrlQuery,
  DeletionRequestList,
  DeletionRequestRow,
  IdParam,
  CreditNoteParams,
  PaymentsQuery,
  SaveSettingsBody,
  TestEmailJobParam,
  SendMessageBody,
  TokenFileParam,
  TokenParam,
  UpdateOrderStatusBody,
  UpdateProcessingBody,
  UploadUrlBody,
  UserIdParam,
  AdminLegalDocument,
  LegalDocument,
  LegalDocumentParam,
  LegalMarkdownBody,
  LegalPreview,
  ReleasePackSettings,
  ReleasePackStatus,
  TokenPackFileParam,
} from '@mastering/contracts';
import type { Queue } from '@mastering/jobs';
import { route, sends, type RouteTable, type Secrets } from '@mastering/service-kit';
import { z } from 'zod';
import { getAnalytics } from './analytics/handlers';
import { getRatings, postRatingTestimonial } from './ratings/handlers';
import { getAudioFileAnalysis } from './analysis/handlers';
import { getAudioFileMixCheck } from './mix-check/handlers';
import {
  getCustomer,
  getCustomers,
  getCustomersCsv,
  getCustomerStats,
  postCustomerMessage,
} from './customers/handlers';
import { completeDeletionRequest, getDeletionRequests } from './customers/deletion-requests';
import type { ErasureDeps } from './customers/erasure';
import { getDashboardStats } from './dashboard/handlers';
import { getPayment, getPayments } from './payments/handlers';
import { getCustomerFiles, getCustomerOrders } from './profile/handlers';
import { getSettings, getTestEmailStatus, postTestEmail, putSettings } from './settings/handlers';
import { getClaimSettings, putClaimSettings } from './settings/claims';
import {
  getReleasePack,
  getReleasePackSettings,
  postRetryReleasePack,
  putReleasePackSettings,
} from './release-pack/handlers';
import { postBackup } from './backup/handlers';
import type { BackupDeps } from './backup/service';
import * as legal from './legal/handlers';
import { getOrderCreditNote, getOrderInvoice } from './orders/invoice';
import * as orders from './orders/handlers';
import * as audioFiles from './audio-files/handlers';
import * as downloads from './downloads/handlers';
import * as releases from './releases/handlers';
import { getReleaseSettings, putReleaseSettings } from './settings/releases';
import type { FulfilmentDeps } from './orders/status';
import { changesCounts } from './counters';
import type { AudioFileDeps } from './audio-files/service';
import { getSystemStatus, postClearCache } from './system-status/handlers';

/** The analytics answer may be reused for 5 minutes (back-office spec §9). */
const ANALYTICS_CACHE = 'private, max-age=300';

/** The CSV exports, sent as attachments. */
const CSV = sends('text/csv', 'A CSV attachment, one row per record');
/** A stored audio file, sent as an attachment with its own type. */
const FILE = sends('audio/*', 'The audio file, as an attachment');

/** What the route table needs: the database, the job queue (mail), and what fulfilment (links, storage) uses. */
export type OpsRouteDeps = {
  knex: Knex;
  queue: Queue;
  keys: Secrets;
  fulfilment: FulfilmentDeps;
  audioFiles: AudioFileDeps;
  erasure: ErasureDeps;
  backup: BackupDeps;
};

/** The ops service's route table, with the permission of each route. */
export const routes = ({
  knex,
  queue,
  keys,
  fulfilment,
  audioFiles: files,
  erasure,
  backup,
}: OpsRouteDeps): RouteTable => [
  route({
    method: 'GET',
    path: '/api/admin/dashboard-stats',
    permission: 'admin',
    response: DashboardStats,
    handler: getDashboardStats(fulfilment),
  }),
  route({
    method: 'GET',
    path: '/api/admin/settings',
    permission: 'admin',
    response: StoredSettings,
    handler: getSettings(knex),
  }),
  route({
    method: 'GET',
    path: '/api/admin/audio-files/:id/analysis',
    permission: 'staff',
    params: IdParam,
    response: AudioFileAnalysis,
    handler: getAudioFileAnalysis(knex),
  }),
  route({
    method: 'GET',
    path: '/api/admin/audio-files/:id/mix-check',
    permission: 'staff',
    params: IdParam,
    response: AudioFileMixCheck,
    handler: getAudioFileMixCheck(knex),
  }),
  route({
    method: 'PUT',
    path: '/api/admin/settings',
    permission: 'admin',
    body: SaveSettingsBody,
    response: StoredSettings,
    handler: putSettings(knex, keys, fulfilment),
  }),
  // The legal pages (/terms, /privacy, /refunds): read by anyone, edited in Settings → Legal.
  route({
    method: 'GET',
    path: '/api/legal/:document',
    permission: 'public',
    params: LegalDocumentParam,
    response: LegalDocument,
    handler: legal.getLegalDocument(knex),
  }),
  route({
    method: 'GET',
    path: '/api/admin/settings/legal/:document',
    permission: 'admin',
    params: LegalDocumentParam,
    response: AdminLegalDocument,
    handler: legal.getAdminLegalDocument(knex),
  }),
  route({
    method: 'PUT',
    path: '/api/admin/settings/legal/:document',
    permission: 'admin',
    params: LegalDocumentParam,
    body: LegalMarkdownBody,
    response: AdminLegalDocument,
    handler: legal.putLegalDocument(knex),
  }),
  route({
    method: 'POST',
    path: '/api/admin/settings/legal/:document/preview',
    permission: 'admin',
    params: LegalDocumentParam,
    body: LegalMarkdownBody,
    response: LegalPreview,
    handler: legal.postLegalPreview(knex),
  }),
  route({
    method: 'POST',
    path: '/api/admin/settings/test-email',
    permission: 'admin',
    accepts: 'none',
    response: TestEmailQueued,
    handler: postTestEmail(knex, queue),
  }),
  route({
    method: 'GET',
    path: '/api/admin/settings/system-status',
    permission: 'admin',
    response: SystemStatus,
    handler: getSystemStatus(knex, files),
  }),
  route({
    method: 'POST',
    path: '/api/admin/settings/clear-cache',
    permission: 'admin',
    accepts: 'none',
    response: ClearedCaches,
    handler: postClearCache(fulfilment),
  }),
  // Marketing claims (issue 27): the thresholds under which the home page states no figure.
  route({
    method: 'GET',
    path: '/api/admin/settings/releases',
    permission: 'admin',
    response: ReleaseSettings,
    handler: getReleaseSettings(knex),
  }),
  route({
    method: 'PUT',
    path: '/api/admin/settings/releases',
    permission: 'admin',
    body: ReleaseSettings,
    response: ReleaseSettings,
    handler: putReleaseSettings(knex),
  }),
  route({
    method: 'GET',
    path: '/api/admin/settings/claims',
    permission: 'admin',
    response: ClaimsOverview,
    handler: getClaimSettings(knex),
  }),
  route({
    method: 'PUT',
    path: '/api/admin/settings/claims',
    permission: 'admin',
    body: ClaimSettings,
    response: ClaimsOverview,
    handler: putClaimSettings(knex),
  }),
  // Release pack (issue 54): the formats offered and their prices per track.
  route({
    method: 'GET',
    path: '/api/admin/settings/release-pack',
    permission: 'admin',
    response: ReleasePackSettings,
    handler: getReleasePackSettings(knex),
  }),
  route({
    method: 'PUT',
    path: '/api/admin/settings/release-pack',
    permission: 'admin',
    body: ReleasePackSettings,
    response: ReleasePackSettings,
    handler: putReleasePackSettings(knex),
  }),
  route({
    method: 'POST',
    path: '/api/admin/settings/backup',
    permission: 'admin',
    accepts: 'none',
    response: sends('application/octet-stream', 'A pg_dump custom-format archive of the database, as an attachment'),
    handler: postBackup(backup),
  }),
  route({
    method: 'GET',
    path: '/api/admin/settings/test-email/:jobId',
    permission: 'admin',
    params: TestEmailJobParam,
    response: TestEmailStatus,
    handler: getTestEmailStatus(knex),
  }),
  // POPIA deletion requests (customers ask on /your-data); completing one erases the person.
  route({
    method: 'GET',
    path: '/api/admin/deletion-requests',
    permission: 'admin',
    response: DeletionRequestList,
    handler: getDeletionRequests(knex),
  }),
  route({
    method: 'POST',
    path: '/api/admin/deletion-requests/:id/complete',
    permission: 'admin',
    params: IdParam,
    accepts: 'none',
    response: DeletionRequestRow,
    handler: completeDeletionRequest(erasure),
  }),
  // The fixed customer paths come before `:email`.
  route({
    method: 'GET',
    path: '/api/admin/customers',
    permission: 'admin',
    query: CustomersQuery,
    response: z.union([CustomerList, CustomerPage]),
    handler: getCustomers(knex),
  }),
  route({
    method: 'GET',
    path: '/api/admin/customers/stats',
    permission: 'admin',
    response: CustomerStats,
    handler: getCustomerStats(knex),
  }),
  route({
    method: 'GET',
    path: '/api/admin/customers/export',
    permission: 'admin',
    query: CustomersQuery,
    response: CSV,
    handler: getCustomersCsv(knex),
  }),
  route({
    method: 'GET',
    path: '/api/admin/customers/:email',
    permission: 'admin',
    params: CustomerEmailParam,
    response: CustomerSummary,
    handler: getCustomer(knex),
  }),
  route({
    method: 'POST',
    path: '/api/admin/customers/:email/message',
    permission: 'admin',
    params: CustomerEmailParam,
    body: SendMessageBody,
    response: MessageQueued,
    handler: postCustomerMessage(knex, queue),
  }),
  route({
    method: 'GET',
    path: '/api/orders/customer/:userId',
    permission: 'admin',
    params: UserIdParam,
    response: CustomerOrders,
    handler: getCustomerOrders(knex),
  }),
  route({
    method: 'GET',
    path: '/api/audio-files/customer/:userId',
    permission: 'admin',
    params: UserIdParam,
    response: AudioFileList,
    handler: getCustomerFiles(knex),
  }),
  route({
    method: 'GET',
    path: '/api/admin/payments',
    permission: 'admin',
    query: PaymentsQuery,
    response: PaymentSummary,
    handler: getPayments(knex),
  }),
  route({
    method: 'GET',
    path: '/api/admin/payments/:id',
    permission: 'admin',
    params: IdParam,
    response: PaymentDetail,
    handler: getPayment(knex),
  }),
  route({
    method: 'GET',
    path: '/api/admin/analytics',
    permission: 'admin',
    query: AnalyticsQuery,
    cache: ANALYTICS_CACHE,
    response: AnalyticsResponse,
    handler: getAnalytics(fulfilment),
  }),
  // Customer ratings (issue 27): where staff see them, and turn a consented 5-star comment into a testimonial.
  route({
    method: 'GET',
    path: '/api/admin/analytics/ratings',
    permission: 'admin',
    query: AnalyticsQuery,
    response: StaffRatingList,
    handler: getRatings(knex),
  }),
  route({
    method: 'POST',
    path: '/api/admin/analytics/ratings/:id/testimonial',
    permission: 'admin',
    params: IdParam,
    accepts: 'none',
    response: [
      { status: 200, description: 'Published: the rating with its testimonial', schema: StaffRating },
      { status: 404, description: 'No such rating', schema: ErrorBody },
      { status: 409, description: 'Not 5 stars with a comment, no consent, or published already', schema: ErrorBody },
    ],
    handler: postRatingTestimonial(knex),
  }),

  // Engineers work orders and audio files (staff); everything else in the back-office is admins only.
  route({
    method: 'GET',
    path: '/api/admin/orders',
    permission: 'staff',
    query: AdminOrdersQuery,
    response: z.union([AdminOrderList, AdminOrderPage]),
    handler: orders.getOrders(fulfilment),
  }),
  // Before `/:id`, which would take "export" for an id.
  route({
    method: 'GET',
    path: '/api/admin/orders/export',
    permission: 'staff',
    query: AdminOrdersQuery,
    response: CSV,
    handler: orders.exportOrders(knex),
  }),
  route({
    method: 'GET',
    path: '/api/admin/orders/:id',
    permission: 'staff',
    params: IdParam,
    response: AdminOrderDetail,
    handler: orders.getOrder(knex),
  }),
  route({
    method: 'GET',
    path: '/api/admin/orders/:id/invoice',
    permission: 'staff',
    params: IdParam,
    response: sends('application/pdf', "The order's Tax Invoice or Receipt, as a PDF attachment"),
    handler: getOrderInvoice(knex),
  }),
  route({
    method: 'GET',
    path: '/api/admin/orders/:id/credit-notes/:creditNoteId',
    permission: 'staff',
    params: CreditNoteParams,
    response: sends('application/pdf', "A refund's Credit Note, as a PDF attachment"),
    handler: getOrderCreditNote(knex),
  }),
  // Issue 55: an order's release (EP or album) as one unit.
  route({
    method: 'GET',
    path: '/api/admin/orders/:id/release',
    permission: 'staff',
    params: IdParam,
    response: ReleaseAnswer,
    handler: releases.getRelease(files),
  }),
  route({
    method: 'PUT',
    path: '/api/admin/orders/:id/release/running-order',
    permission: 'staff',
    params: IdParam,
    body: ReorderReleaseBody,
    response: ReleaseAnswer,
    handler: releases.putRunningOrder(files),
  }),
  route({
    method: 'GET',
    path: '/api/admin/orders/:id/release/coherence',
    permission: 'staff',
    params: IdParam,
    response: CoherenceTable,
    handler: releases.getCoherence(files),
  }),
  route({
    method: 'PATCH',
    path: '/api/admin/orders/:id/status',
    permission: 'staff',
    params: IdParam,
    body: UpdateOrderStatusBody,
    response: AdminOrderResponse,
    handler: changesCounts(fulfilment, orders.patchOrderStatus(fulfilment)),
  }),
  route({
    method: 'PATCH',
    path: '/api/admin/orders/:id/assignee',
    permission: 'staff',
    params: IdParam,
    body: AssignOrderBody,
    response: AdminOrderResponse,
    handler: orders.patchAssignee(fulfilment),
  }),
  route({
    method: 'PATCH',
    path: '/api/admin/orders/:id/expected-at',
    permission: 'staff',
    params: IdParam,
    body: ExpectedAtBody,
    response: AdminOrderResponse,
    handler: changesCounts(fulfilment, orders.patchExpectedAt(fulfilment)),
  }),
  route({
    method: 'GET',
    path: '/api/admin/orders/:id/release-pack',
    permission: 'staff',
    params: IdParam,
    response: ReleasePackStatus,
    handler: getReleasePack(knex),
  }),
  route({
    method: 'POST',
    path: '/api/admin/orders/:id/release-pack/retry',
    permission: 'staff',
    params: IdParam,
    accepts: 'none',
    response: ReleasePackStatus,
    handler: postRetryReleasePack(knex, queue),
  }),
  route({
    method: 'POST',
    path: '/api/admin/orders/:id/revoke-links',
    permission: 'admin',
    params: IdParam,
    accepts: 'none',
    response: AdminOrderResponse,
    handler: orders.postRevokeLinks(fulfilment),
  }),

  route({
    method: 'GET',
    path: '/api/admin/audio-files',
    permission: 'staff',
    query: AdminAudioFilesQuery,
    response: z.union([z.array(AdminAudioFile), AdminAudioFilePage]),
    handler: audioFiles.getAudioFiles(files),
  }),
  route({
    method: 'GET',
    path: '/api/admin/audio-files/:id',
    permission: 'staff',
    params: IdParam,
    response: AudioFileResponse,
    handler: audioFiles.getAudioFile(files),
  }),
  route({
    method: 'PATCH',
    path: '/api/admin/audio-files/:id/processing',
    permission: 'staff',
    params: IdParam,
    body: UpdateProcessingBody,
    response: AudioFileResponse,
    handler: changesCounts(files, audioFiles.patchProcessing(files)),
  }),
  route({
    method: 'POST',
    path: '/api/admin/audio-files/:id/upload-url',
    permission: 'staff',
    params: IdParam,
    body: UploadUrlBody,
    response: UploadUrlResponse,
    handler: audioFiles.postUploadUrl(files),
  }),
  route({
    method: 'POST',
    path: '/api/admin/audio-files/:id/confirm-upload',
    permission: 'staff',
    params: IdParam,
    body: ConfirmUploadBody,
    response: AudioFileResponse,
    handler: changesCounts(files, audioFiles.postConfirmUpload(files)),
  }),
  route({
    method: 'GET',
    path: '/api/admin/audio-files/:id/download-url',
    permission: 'staff',
    params: IdParam,
    query: DownloadUrlQuery,
    response: SignedLink,
    handler: audioFiles.getDownloadUrl(files),
  }),

  // Public: the signed token in the path is the permission (short-lived for staff, days for a customer's delivery).
  route({
    method: 'GET',
    path: '/api/downloads/file/:token',
    permission: 'public',
    params: TokenParam,
    cache: 'private, no-store',
    response: FILE,
    handler: downloads.getSignedFile(files),
  }),
  route({
    method: 'GET',
    path: '/api/downloads/order/:token',
    permission: 'public',
    params: TokenParam,
    cache: 'private, no-store',
    response: Delivery,
    handler: downloads.getDelivery(files),
  }),
  route({
    method: 'GET',
    path: '/api/downloads/order/:token/files/:fileId',
    permission: 'public',
    params: TokenFileParam,
    cache: 'private, no-store',
    response: FILE,
    handler: downloads.getDeliveryFile(files),
  }),
  route({
    method: 'GET',
    path: '/api/downloads/order/:token/pack/:packFileId',
    permission: 'public',
    params: TokenPackFileParam,
    cache: 'private, no-store',
    response: FILE,
    handler: downloads.getDeliveryPackFile(files),
  }),
  route({
    method: 'GET',
    path: '/api/downloads/order/:token/archive',
    permission: 'public',
    params: TokenParam,
    cache: 'private, no-store',
    response: sends('application/zip', 'Every mastered file of the order, as a ZIP attachment'),
    handler: downloads.getDeliveryArchive(files),
  }),
];
