export { startEmbeddedPostgres, type EmbeddedPostgres, type EmbeddedPostgresOptions } from './embedded-postgres';
export { freePort } from './free-port';
export { postgresTempDir } from './temp-dir';
export { createDatabaseIfMissing, dropDatabase, withDatabase } from './database-admin';
export { createKnex, bindModels, type CreateKnexOptions } from './knex';
export { indexedContains, likeContains } from './like';
export { rebuildSearchIndexes, searchIndexes, type RebuiltIndex } from './search-indexes';
export { migrateLatest, rollbackAll, rollbackLast, migratorConfig } from './migrate';
export { MIGRATIONS, type Migration } from './migrations/index';
export { JOB_TABLE } from './migrations/007_job_queue';
export { stalledJobCount } from './job-queue-health';
export { claimFigures } from './claim-figures';
export {
  awaitTransactionOutcome,
  transactionId,
  transactionOutcome,
  type TransactionOutcome,
} from './transaction-status';
export { seed, mediaUrl, SEED_PRICING, type SeedOptions, type SeedResult } from './seed/index';
export { encodeWav } from './seed/wav';
export { CAMPAIGN_RECIPIENT_STATUSES, type CampaignRecipientStatus } from './enums';
export * from './models/index';
export type { Knex } from 'knex';
export {
  ERASED_EMAIL,
  ERASED_TEXT,
  PERSONAL_DATA_MAP,
  type ColumnErasure,
  type Finder,
  type RowSet,
  type TableMap,
  type TransformName,
} from './personal-data-map';
export {
  erasePersonalRows,
  exportOf,
  findPerson,
  findPersonalRows,
  type ErasureTransform,
  type ErasureTransforms,
  type ExportRow,
  type FoundRows,
  type Person,
  personalDataOf,
  type PersonalData,
  type RowsOptions,
} from './personal-data';
export { OWNER_ROLES, TABLE_OWNERS, tablesOwnedBy, type TableOwner } from './owners';
