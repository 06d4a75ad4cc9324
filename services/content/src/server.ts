import { bootService } from '@mastering/service-kit';
import { createStorage, readStorageConfig } from '@mastering/storage';
import { buildApp } from './app';
import { readConfig } from './config';

const config = readConfig();
const storage = createStorage(readStorageConfig({ ...process.env, STORAGE_DIR: config.STORAGE_DIR }));
await bootService({
  name: 'content',
  config,
  host: config.CONTENT_HOST,
  build: ({ knex, logger }) => buildApp({ config, knex, storage, logger }),
});
