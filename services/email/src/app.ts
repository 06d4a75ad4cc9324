import type { Knex } from 'knex';
import type { Queue } from '@mastering/jobs';
import { createService, keyringOf, type Logger } from '@mastering/service-kit';
import { ownerErasureRoute } from '@mastering/orders';
import type { EmailConfig } from './config';
import type { Mailer } from './mail/mailer';
import { routes } from './routes';
import { createLinkSigner } from './tracking/links';

/** Builds the email service app: templates, campaigns, test emails, health, unsubscribe and tracking links. */
export function buildApp({
  config,
  knex,
  mailer,
  queue,
  logger,
}: {
  config: Readonly<EmailConfig>;
  knex: Knex;
  mailer: Mailer;
  queue: Queue;
  logger?: Logger;
}) {
  const keys = keyringOf(config);
  const links = createLinkSigner(keys, config.PUBLIC_URL);
  return createService({
    name: 'email',
    knex,
    // Erasure of a person (POPIA), from the tables this service owns, when ops' coordinator asks.
    internal: [ownerErasureRoute(knex, 'email')],
    identitySecret: keys,
    logger,
    routes: routes({ knex, mailer, queue, links, siteUrl: config.PUBLIC_URL }),
  });
}
