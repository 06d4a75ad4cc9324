import type { Knex } from 'knex';
import type { Queue } from '@mastering/jobs';
import { createService, type Logger } from '@mastering/service-kit';
import type { OpsConfig } from './config';
import { routes } from './routes';

/** Builds the ops service app: the admin's orders, customers, files, payments, analytics and users; mail goes through `queue`. */
export function buildApp({ config, knex, queue, logger }: { config: Readonly<OpsConfig>; knex: Knex; queue: Queue; logger?: Logger }) {
  return createService({ name: 'ops', knex, identitySecret: config.IDENTITY_SECRET, logger, routes: routes({ knex, queue }) });
}
