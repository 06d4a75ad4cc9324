import type { Knex } from 'knex';
import type { ObjectStorage } from '@mastering/storage';
import { createService, keyringOf, type Logger } from '@mastering/service-kit';
import { ownerErasureRoute } from '@mastering/orders';
import type { ContentConfig } from './config';
import { routes } from './routes';

/** Builds the content service app: showcase tracks, testimonials and their media. */
export function buildApp({
  config,
  knex,
  storage,
  logger,
}: {
  config: Readonly<ContentConfig>;
  knex: Knex;
  storage: ObjectStorage;
  logger?: Logger;
}) {
  return createService({
    name: 'content',
    knex,
    // Erasure of a person (POPIA), from the tables this service owns, when ops' coordinator asks.
    internal: [ownerErasureRoute(knex, 'content')],
    identitySecret: keyringOf(config),
    logger,
    routes: routes({ knex, storage, logger }),
  });
}
