import type { Knex } from 'knex';
import { createService, type Logger } from '@mastering/service-kit';
import type { EmailConfig } from './config';
import type { Mailer } from './mail/mailer';
import { routes } from './routes';

/** Builds the email service app: templates, campaigns, test emails and health. */
export function buildApp({ config, knex, mailer, logger }: { config: Readonly<EmailConfig>; knex: Knex; mailer: Mailer; logger?: Logger }) {
  return createService({ name: 'email', knex, identitySecret: config.IDENTITY_SECRET, logger, routes: routes({ mailer }) });
}
