import { createLogger, runServer } from '@mastering/service-kit';
import { buildApp } from './app';
import { readConfig } from './config';

const config = readConfig();
const logger = createLogger('yoco-sandbox', config.LOG_LEVEL);
const app = buildApp({ config, logger });
logger.info({ url: config.YOCO_API_URL, webhookUrl: config.YOCO_WEBHOOK_URL }, 'Yoco sandbox: checkouts in memory');
// A stop drains requests in flight, and with them every Pay/Decline's first webhook attempt; pending
// retries end with the process (a test-mode stand-in keeps no outbox).
await runServer(app, { port: config.PORT, host: config.YOCO_SANDBOX_HOST, logger });
