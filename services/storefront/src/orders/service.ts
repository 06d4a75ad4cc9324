import type { Knex } from 'knex';
import {
  audioFormatOfType,
  computePricing,
  DUPLICATE_ORDER_FILE,
  fileAlreadyOrdered,
  fileNotUploadedHere,
  fileStillUploading,
  PublicOrder,
  pricingForApi,
  pricingMatches,
  priceChanged,
  sanitizeFileName,
  withAudioExtension,
  type CreateOrderBody,
  type CreateOrderResponse,
  type OrderResponse,
  consentRecordVersion,
  objectKeyOfPath,
  objectPathOfKey,
  pricingForChoice,
  uploadIdOfKey,
} from '@mastering/contracts';
import { LegalDocumentVersion, Order, OrderFile, Setting, transactionId, Upload } from '@mastering/db';
import { enqueueAnalysis, enqueueConsentRequest, type Queue } from '@mastering/jobs';
import { BadRequest, Conflict, Forbidden, NotFound, type Logger } from '@mastering/service-kit';
import { assertTakingOrders, currentPricing } from '../site-config/service';
import { owns, type Visitor } from '../visitor';
import { priceOrderPack } from '../release-pack/service';
import { checkRelease, releaseChoiceOf, storeRelease } from './release';

/** Where a paid order queues the analysis of its uploads. */
export type OrderJobs = { queue: Queue; logger?: Logger };

/**
 * Queues the audio analysis of a paid order's originals (run by the ops service's worker: decoding is
 * CPU-heavy, never here). Only paid orders are analysed, so nobody can make the server decode
 * anything without paying. The payment stands whatever happens to this: a failure to queue is logged.
 */
export async function queueOrderAnalysis(knex: Knex, jobs: OrderJobs, orderId: string): Promise<void> {
  const files = await OrderFile.query(knex).select('id').where('orderId', orderId);
  await Promise.all(files.map((file) => enqueueAnalysis(jobs.queue, { fileId: file.id, role: 'original' }))).catch(
    (err: Error) =>
      jobs.logger?.warn({ err: err.message, orderId }, 'could not queue the analysis of the order’s files'),
  );
}

/**
 * What an order file keeps of the upload behind it (a new order's, or a replacement's): the stored name,
 * derived here whatever the browser sent, with the extension of the format the upload's bytes showed
 * (see uploads/sniff.ts); its size, its type (else `declaredType`) and its stored path.
 */
export function storedFileOf(upload: Upload, originalName: string, declaredType: string) {
  const format = audioFormatOfType(upload.contentType);
  return {
    fileName: format ? withAudioExtension(sanitizeFileName(originalName), format) : sanitizeFileName(originalName),
    fileSize: upload.size ?? 0,
    mimeType: upload.contentType?.startsWith('audio/') ? upload.contentType : declaredType,
    originalFilePath: objectPathOfKey(upload.objectKey),
  };
}

/**
 * Places an order for this visitor: every file must be a completed upload of this browser not yet in
 * an order; the price is the server's (a browser total that differs is refused, 409); the order, its
 * files and the uploads' links to them are written in one transaction, status `pending_payment`.
 * Stored names take the extension of the format the upload's bytes showed. A ticked marketing box
 * asks the address to confirm it (double opt-in: the email service's consent request job); until then it counts for nothing.
 */
export async function placeOrder(
  knex: Knex,
  queue: Queue,
  visitor: Visitor,
  body: CreateOrderBody,
  clientAddress: string,
): Promise<CreateOrderResponse> {
  const uploadIds = body.files.map((file) => uploadIdOfKey(objectKeyOfPath(file.originalFilePath)));
  body.files.forEach((file, i) => {
    if (!uploadIds[i]) throw new BadRequest(fileNotUploadedHere(file.originalName));
  });
  if (new Set(uploadIds).size !== uploadIds.length) throw new BadRequest(DUPLICATE_ORDER_FILE);
  const referenceIds = body.release ? checkRelease(body.release, uploadIds) : [];

  await assertTakingOrders(knex);
  const pricing = pricingForChoice(
    releaseChoiceOf(body),
    await currentPricing(knex),
    await Setting.section(knex, 'releases'),
  );
  const price = computePricing(body.files.length, pricing);
  if (!pricingMatches(body.pricing, price))
    throw new Conflict(priceChanged(price.total, price.trackCount), { pricing: pricingForApi(price) });
  // The release pack's add-ons, priced here from the settings (the browser's figures for them are never read).
  const pack = await priceOrderPack(knex, body.releasePack, price.trackCount);

  // The terms in force now are the ones agreed to (version 0: the default text).
  const terms = await LegalDocumentVersion.query(knex).modify('historyOf', 'terms').first();
  const order = await knex.transaction(async (trx) => {
    // Locked, so two orders sent at once cannot both take the same upload.
    const uploads = new Map(
      (
        await Upload.query(trx)
          .whereIn('id', uploadIds as string[])
          .forUpdate()
      ).map((u) => [u.id, u]),
    );
    const files = body.files.map((file, i) => {
      const upload = uploads.get(uploadIds[i]!);
      if (!upload || !owns(visitor, upload)) throw new Forbidden(fileNotUploadedHere(file.originalName));
      if (upload.status !== 'completed') throw new BadRequest(fileStillUploading(file.originalName));
      if (upload.orderFileId) throw new Conflict(fileAlreadyOrdered(file.originalName));
      return {
        originalName: file.originalName,
        ...storedFileOf(upload, file.originalName, file.mimeType),
        masteringStyle: file.masteringStyle,
        tone: file.tone,
        loudness: file.loudness,
        volumeMatch: file.volumeMatch === 'true',
        genre: file.genre ?? null,
        releaseMetadata: pack.metadata[i],
      };
    });
    const order = await Order.query(trx).insertGraph({
      customerEmail: body.customerEmail,
      userId: visitor.userId,
      guestKeyHash: visitor.guestKeyHash,
      status: 'pending_payment',
      unitPriceCents: price.unitPriceCents,
      trackCount: price.trackCount,
      discountPercent: price.discountPercent,
      subtotalCents: price.subtotalCents,
      discountCents: price.discountCents,
      totalCents: price.totalCents + pack.releasePackCents,
      releasePack: pack.releasePack,
      releasePackCents: pack.releasePackCents,
      termsAcceptedAt: new Date(),
      termsTextVersion: consentRecordVersion(terms?.version ?? 0),
      termsClientAddress: clientAddress,
      marketingConsent: body.marketingConsent,
      files,
    } as never);
    for (const [i, file] of (order.files ?? []).entries()) {
      await Upload.query(trx).patch({ orderFileId: file.id }).where('id', uploadIds[i]!);
    }
    if (body.release) {
      const fileIds = (order.files ?? []).map((f) => f.id);
      await storeRelease(trx, visitor, order.id, body.release, fileIds, referenceIds);
    }
    // The email service owns the consents (issue 52): its worker asks the address once this commits.
    if (body.marketingConsent)
      await enqueueConsentRequest(queue, {
        email: body.customerEmail,
        requestedAt: new Date().toISOString(),
        afterTransaction: await transactionId(trx),
      });
    return order;
  });
  return { order: { id: order.id, status: order.status, total: order.totalCents / 100 } };
}

/**
 * The order as the payment outcome pages read it, only for the browser that placed it or staff (else 404), with
 * the link to its order page (`pageUrlOf`) only for the customer's own browser: that link acts as the customer
 * (ratings, requests, the invoice) for a year, so staff never receive it.
 */
export async function orderForVisitor(
  knex: Knex,
  visitor: Visitor,
  orderId: string,
  pageUrlOf: (order: Order) => string,
): Promise<OrderResponse> {
  const order = await loadOwnOrder(knex, visitor, orderId, { withFiles: true });
  const answer = { order: PublicOrder.parse(order.toApi()) };
  return owns(visitor, order) ? { ...answer, orderPageUrl: pageUrlOf(order) } : answer;
}

/** The order with this id if this visitor may see it (its own browser, or staff); 404 otherwise, so ids leak nothing. */
export async function loadOwnOrder(
  knex: Knex,
  visitor: Visitor,
  orderId: string,
  { withFiles = false } = {},
): Promise<Order> {
  const query = Order.query(knex).findById(orderId);
  const order = await (withFiles ? query.withGraphFetched('files(inNameOrder)') : query);
  if (!order || !(visitor.staff || owns(visitor, order))) throw new NotFound('Order not found');
  return order;
}
