import { bootService, createBufferedLogger } from '@mastering/service-kit';
import { directUploadOrigin, readStorageConfig } from '@mastering/storage';
import { createGateway } from './app';
import { readGatewayConfig } from './config';
import { limitClients } from './client-limits';
import { postgresPurges } from './cache-purges';
import { createPublicCache } from './middleware/public-cache';

const config = readGatewayConfig();
let closePurges = async () => {};
await bootService({
  name: 'gateway',
  config,
  host: config.HOST,
  // The gateway only reads sessions: a small pool is plenty.
  pool: { min: 0, max: 5 },
  build: ({ knex, logger }) => {
    // Every replica hears every other's purges through the shared database.
    const purges = postgresPurges(knex, logger);
    closePurges = purges.close;
    // One line per request: written in blocks, not one synchronous write each.
    const accessLogger = createBufferedLogger('gateway');
    return createGateway({
      config,
      knex,
      logger,
      accessLogger,
      cache: createPublicCache({ purges, maxSeconds: config.PUBLIC_CACHE_MAX_SECONDS }),
      // The services' storage settings: with S3, the upload page sends parts straight to the bucket.
      uploadOrigin: directUploadOrigin(readStorageConfig()),
    });
  },
  onClose: () => closePurges(),
  onServer: (server) => limitClients(server, config),
});
