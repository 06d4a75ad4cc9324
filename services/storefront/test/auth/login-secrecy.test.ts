import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { createLogger } from '@mastering/service-kit';
import { serveOverHttp, type Served } from '@mastering/service-kit/testing';
import { createQueue, JOBS, startProducer, type Queue } from '@mastering/jobs';
import { buildApp } from '../../src/app';
import { TestBrowser } from '../support';
import { readConfig } from '../../src/config';
// The whole login crosses two services: the storefront issues the code, the email service's worker
// mails and records it. This test runs both halves for real, so it reaches into the email service.
import { sendEmailJob } from '../../../email/src/jobs/send-email';
import type { Mailer, OutgoingMail } from '../../../email/src/mail/mailer';

let db: TestDatabase;
let server: Served;
let base: string;
let producer: Queue;
let worker: Queue;
const sent: OutgoingMail[] = [];
const mailer: Mailer = {
  async send(mail) {
    sent.push(mail);
    return { messageId: `<${sent.length}@smtp.test>` };
  },
  async verify() {},
  describe: () => ({ host: 'smtp.test', port: 25 }),
  close: () => undefined,
};

beforeAll(async () => {
  db = await createTestDatabase();
  const logger = createLogger('login-secrecy-test', 'silent');
  worker = createQueue({ connectionString: db.connectionString, name: 'secrecy-worker', processEvery: '1 hour' });
  const job = sendEmailJob({ knex: db.knex, mailer, from: 'Studio <studio@example.com>', logger });
  worker.define(job.name, job.handler, job.options);
  await worker.start();
  producer = createQueue({ connectionString: db.connectionString, name: 'secrecy-storefront' });
  await startProducer(producer);
  const config = readConfig({ DATABASE_URL: db.connectionString, IDENTITY_SECRET: 'z'.repeat(40) });
  server = await serveOverHttp(buildApp({ config, knex: db.knex, queue: producer, logger }));
  ({ base } = server);
});
afterAll(async () => {
  await server?.close();
  await producer?.stop();
  await worker?.stop();
  await db?.destroy();
});

type Column = { schema: string; table: string; column: string; type: string };

/** Every non-null value of every column of every table outside PostgreSQL's own schemas, as text. */
async function dumpDatabase(): Promise<{ column: Column; value: string }[]> {
  const columns: Column[] = (
    await db.knex.raw(`
      select c.table_schema as schema, c.table_name as "table", c.column_name as "column", c.data_type as type
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2, c.ordinal_position`)
  ).rows;
  const values: { column: Column; value: string }[] = [];
  for (const column of columns) {
    const { rows } = await db.knex.raw('select ??::text as value from ??.?? where ?? is not null', [
      column.column,
      column.schema,
      column.table,
      column.column,
    ]);
    for (const row of rows) values.push({ column, value: row.value });
  }
  return values;
}

// Values that hold free text or structured data, where a code could hide inside a longer value.
const TEXT_TYPES = new Set([
  'text',
  'character varying',
  'character',
  'json',
  'jsonb',
  'ARRAY',
  'USER-DEFINED',
  'bytea',
]);
// A hex digest may contain any six digits by chance; it must be a digest, and never the code itself.
const isDigestColumn = (c: Column) => c.column.endsWith('_hash');

describe('a full login leaves no login code, link or browser nonce in the database', () => {
  it('request a code, read it and its link from the SMTP message, verify it: none of them is in any table, column or job', async () => {
    const mailed = new Promise<void>((resolve, reject) => {
      worker.once(`complete:${JOBS.sendEmail}`, (job) =>
        job.attrs.failReason ? reject(new Error(job.attrs.failReason)) : resolve(),
      );
    });
    const browser = new TestBrowser(base);
    expect((await browser.post('/auth/request-code', { email: 'Secret.Keeper@example.com' })).status).toBe(200);
    await mailed;
    expect(sent).toHaveLength(1);
    const code = /\b(\d{6})\b/.exec(sent[0].text)![1];
    expect(sent[0].subject).toContain(code);
    // The mail's one-time sign-in link, and the browser's nonce: secrets as much as the code.
    const link = /\/login#link=([\w-]{43})/.exec(sent[0].text)![1];
    expect(sent[0].html).toContain(`/login#link=${link}`);
    const nonce = browser.cookies.get('code_browser')!;
    const verified = await browser.post('/auth/verify-code', { email: 'secret.keeper@example.com', code });
    expect(verified.status).toBe(200);

    const dump = await dumpDatabase();
    // The dump is real: it holds the new user, the sent message and the finished job.
    const tables = new Set(dump.map((v) => v.column.table));
    for (const table of ['users', 'sessions', 'login_codes', 'email_messages', 'agenda_jobs', 'rate_limits'])
      expect(tables).toContain(table);
    expect(dump.some((v) => v.column.table === 'users' && v.value === 'secret.keeper@example.com')).toBe(true);
    expect(
      dump.some((v) => v.column.table === 'email_messages' && v.column.column === 'status' && v.value === 'sent'),
    ).toBe(true);

    const leaks = dump.filter(({ column, value }) => {
      if (isDigestColumn(column)) return !/^[0-9a-f]{64}$/.test(value) || value === code;
      if (TEXT_TYPES.has(column.type)) return [code, link, nonce].some((secret) => value.includes(secret));
      return value === code; // numbers, times, ids: the code could only be the whole value
    });
    expect(leaks).toEqual([]);
  });
});
