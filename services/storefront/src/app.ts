import path from 'node:path';
import type { Knex } from 'knex';
import type { Queue } from '@mastering/jobs';
import {
  createDownloadLinks,
  createOrderLinks,
  createResumeLinks,
  createService,
  keyringOf,
  type Logger,
} from '@mastering/service-kit';
import { ownerErasureRoute } from '@mastering/orders';
import { createStorage } from '@mastering/storage';
import type { StorefrontConfig } from './config';
import { routes } from './routes';
import { createLoginLimiters } from './auth/rate-limits';
import { createTusServer } from './uploads/tus';
import { createTusStore } from './uploads/tus-store';
import { WEBHOOK_PATH } from './payments/handlers';
import type { UploadDeps } from './uploads/service';
import { masterUploadRoutes } from './uploads/master';
import { fulfilmentRoutes } from './fulfilment/routes';
import { freeBytes, type FreeBytesOf } from './uploads/free-space';
import type { AbandonedDeps } from './payments/abandoned';
import { createTrackLimiters } from './order-page/track';
import { createRequestLimiters } from './request-limits';
import { createDataAccessProofs } from './your-data/proof';

export type StorefrontDeps = {
  config: Readonly<StorefrontConfig>;
  knex: Knex;
  queue: Queue;
  logger?: Logger;
  /** The clock of refund requests (their answer time); tests move it. The system clock by default. */
  now?: () => Date;
  /** Measures a disk's free space (statfs unless a test injects its own). */
  freeBytes?: FreeBytesOf;
};

/** The upload dependencies a config implies (the app and the start-up sweep share them). */
export function uploadDepsOf(
  config: Readonly<StorefrontConfig>,
  knex: Knex,
  measure: FreeBytesOf = freeBytes,
): UploadDeps {
  const storage = createStorage(config.storage);
  // The free-space floor guards the local disk the objects live on, and tus's staging folder (with S3
  // the only bytes on our disk: a whole PUT streams to the bucket). Both are the folder tus is given.
  const local = config.storage.driver === 's3' ? null : path.resolve(config.storage.root ?? config.STORAGE_DIR);
  const space = {
    tus: local ?? path.resolve(config.STORAGE_DIR),
    put: local,
    minFreeBytes: config.STORAGE_MIN_FREE_MB * 1024 * 1024,
    freeBytes: measure,
  };
  return {
    knex,
    storage,
    tus: createTusStore(config.storage, storage, config.STORAGE_DIR),
    urlTtlHours: config.UPLOAD_URL_TTL_HOURS,
    space,
  };
}

/** The payment dependencies a config implies (the app and the start-up upkeep share them). */
export function paymentDepsOf({ config, knex, queue, logger }: StorefrontDeps): AbandonedDeps {
  const yoco = {
    apiUrl: config.YOCO_API_URL,
    secretKey: config.YOCO_SECRET_KEY,
    webhookSecret: config.YOCO_WEBHOOK_SECRET,
    sandbox: config.YOCO_SANDBOX,
  };
  return {
    knex,
    queue,
    yoco,
    publicUrl: config.PUBLIC_URL,
    adminEmail: config.ADMIN_EMAIL,
    logger,
    resumeLinks: createResumeLinks(keyringOf(config)),
    expiryHours: config.UNPAID_ORDER_EXPIRY_HOURS,
  };
}

/** Builds the storefront service app: site config, login, uploads, orders and payments. */
export function buildApp({ config, knex, queue, logger, now, freeBytes: measure }: StorefrontDeps) {
  // The cookie is Secure when the site is served over HTTPS, as its public address says; behind a
  // TLS-terminating proxy the hop to us is plain HTTP, so the request's own scheme cannot decide it.
  const secure = config.PUBLIC_URL.startsWith('https:');
  const cookie = { cookieName: config.SESSION_COOKIE, secure };
  const guestCookie = { cookieName: config.GUEST_COOKIE, secure, days: config.GUEST_COOKIE_DAYS };
  const auth = { knex, queue, secret: config.IDENTITY_SECRET };
  const uploads = { ...uploadDepsOf(config, knex, measure), queue, logger };
  const payments = paymentDepsOf({ config, knex, queue, logger });
  const keys = keyringOf(config);
  const orderLinks = createOrderLinks(keys);
  const orderPage = {
    knex,
    orderLinks,
    downloads: createDownloadLinks(keys),
    queue,
    adminEmail: config.ADMIN_EMAIL,
    logger,
    now,
  };
  return createService({
    name: 'storefront',
    knex,
    // Erasure of a person (POPIA), from the tables this service owns, when ops' coordinator asks,
    // the engineers' master uploads ops opens and attaches (the storefront alone writes uploads), and
    // ops' changes to the orders, files, releases and sessions it owns.
    internal: [
      ownerErasureRoute(knex, 'storefront'),
      ...masterUploadRoutes(knex),
      ...fulfilmentRoutes({ knex, queue, now: now ?? (() => new Date()) }),
    ],
    identitySecret: keys,
    logger,
    // The webhook's signature covers its exact bytes, so its handler reads the body itself.
    rawBodyPaths: [WEBHOOK_PATH],
    routes: routes({
      knex,
      auth,
      cookie,
      guestCookie,
      limits: createLoginLimiters(knex),
      uploads,
      tus: createTusServer(uploads),
      payments,
      orderPage,
      queue,
      trackLimits: createTrackLimiters(knex),
      requestLimits: createRequestLimiters(knex),
      yourData: {
        knex,
        proofs: createDataAccessProofs(keys),
        cookie: { cookieName: config.DATA_ACCESS_COOKIE, secure },
      },
    }),
  });
}
