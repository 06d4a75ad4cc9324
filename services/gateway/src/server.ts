import { bootService } from '@mastering/service-kit';
import { createGateway } from './app';
import { readGatewayConfig } from './config';
import { limitClients } from './client-limits';

const config = readGatewayConfig();
await bootService({
  name: 'gateway',
  config,
  host: config.HOST,
  // The gateway only reads sessions: a small pool is plenty.
  pool: { min: 0, max: 5 },
  build: ({ knex, logger }) => createGateway({ config, knex, logger }),
  onServer: (server) => limitClients(server, config),
});
