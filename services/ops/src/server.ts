import { bootService } from '@mastering/service-kit';
import { buildApp } from './app';
import { readConfig } from './config';

const config = readConfig();
await bootService({
  name: 'ops',
  config,
  host: config.OPS_HOST,
  build: ({ knex, logger }) => buildApp({ config, knex, logger }),
});
