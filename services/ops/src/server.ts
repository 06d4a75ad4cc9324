import { bootService } from '@mastering/service-kit';
import { buildApp } from './app';
import { readConfig } from './config';

const config = readConfig();
await bootService({
  name: 'ops',
  port: config.PORT,
  host: config.OPS_HOST,
  databaseUrl: config.DATABASE_URL,
  build: ({ knex, logger }) => buildApp({ config, knex, logger }),
});
