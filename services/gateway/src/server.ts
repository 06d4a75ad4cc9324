import { bootService } from '@mastering/service-kit';
import { createGateway } from './app';
import { readGatewayConfig } from './config';

const config = readGatewayConfig();
await bootService({
  name: 'gateway',
  port: config.PORT,
  host: config.HOST,
  databaseUrl: config.DATABASE_URL,
  // The gateway only reads sessions: a small pool is plenty.
  pool: { min: 0, max: 5 },
  build: ({ knex, logger }) => createGateway({ config, knex, logger }),
});
