import type { Knex } from 'knex';
import type { Logger } from '@mastering/service-kit';
import type { ObjectStorage } from '@mastering/storage';

/** What the content service's writes need: the database, the object storage and a logger for cleanup failures. */
export type ContentDeps = { knex: Knex; storage: ObjectStorage; logger?: Logger };
