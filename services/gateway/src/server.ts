import { createKnex } from '@mastering/db';
import { createLogger, runServer } from '@mastering/service-kit';
import { createGateway } from './app';
import { readGatewayConfig } from './config';

const config = readGatewayConfig();
const logger = createLogger('gateway', config.LOG_LEVEL);
const knex = createKnex(config.DATABASE_URL, { pool: { min: 0, max: 5 } });
const app = createGateway({ config, knex, logger });
await runServer(app, { port: config.PORT, host: config.HOST, logger, onClose: () => knex.destroy() });
