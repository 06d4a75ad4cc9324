import type { Knex } from 'knex';
import type { Queue } from '@mastering/jobs';
import { createDownloadLinks, createService, keyringOf, type Logger } from '@mastering/service-kit';
import { ownerErasureRoute } from '@mastering/orders';
import { createStorage, readStorageConfig, type ObjectStorage } from '@mastering/storage';
import type { OpsConfig } from './config';
import { createCounters } from './counters';
import { routes } from './routes';
import type { EraseAtOwner } from './customers/erasure';
import { ownersOverHttp } from './customers/erasure-owners';
import { type MasterUploads, masterUploadsOverHttp } from './audio-files/master-uploads';
import { ownerCalls } from './owner-calls';
import { storefrontWritesOverHttp } from './storefront-writes';

export type OpsDeps = {
  config: Readonly<OpsConfig>;
  knex: Knex;
  queue: Queue;
  storage?: ObjectStorage;
  logger?: Logger;
  /** How erasure asks the table owners (default: the other services' internal routes at their URLs). */
  eraseAtOwner?: EraseAtOwner;
  /** The storefront's side of master uploads (default: its internal routes at STOREFRONT_URL). */
  masterUploads?: MasterUploads;
};

/** The storefront's internal routes at STOREFRONT_URL, signed with the identity secret every service shares. */
export const storefrontCalls = (config: Readonly<OpsConfig>) =>
  ownerCalls('storefront', { url: config.STOREFRONT_URL, keys: keyringOf(config) });

/** Builds the ops service app: the admin's orders, customers, files, payments, analytics and users, and the customers' downloads. */
export function buildApp({
  config,
  knex,
  queue,
  storage = createStorage(readStorageConfig()),
  logger,
  eraseAtOwner,
  masterUploads,
}: OpsDeps) {
  const keys = keyringOf(config);
  const urls = { storefront: config.STOREFRONT_URL, content: config.CONTENT_URL, email: config.EMAIL_URL };
  const toStorefront = storefrontCalls(config);
  const storefront = storefrontWritesOverHttp(toStorefront);
  const erasure = { knex, storage, storefront, owners: eraseAtOwner ?? ownersOverHttp({ knex, urls, keys }) };
  const links = createDownloadLinks(keys);
  const counters = createCounters(knex, config.COUNTERS_CACHE_MS);
  const fulfilment = { knex, queue, publicUrl: config.PUBLIC_URL, counters, storefront };
  const audioFiles = {
    knex,
    queue,
    storage,
    links,
    uploadTtlHours: config.UPLOAD_URL_TTL_HOURS,
    linkMinutes: config.FILE_LINK_MINUTES,
    counters,
    masterUploads: masterUploads ?? masterUploadsOverHttp(toStorefront),
    storefront,
  };
  return createService({
    name: 'ops',
    knex,
    // Erasure of a person (POPIA), from the tables this service owns, when ops' coordinator asks.
    internal: [ownerErasureRoute(knex, 'ops')],
    identitySecret: keys,
    logger,
    routes: routes({
      knex,
      queue,
      keys,
      fulfilment,
      audioFiles,
      erasure,
      backup: { knex, databaseUrl: config.DATABASE_URL, pgBinDir: config.PG_BIN_DIR },
    }),
  });
}
