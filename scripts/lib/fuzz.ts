// The API fuzzed from its own OpenAPI document by tools nobody here wrote: Portman turns the document
// into a Postman collection (one request per operation, plus its fuzzing variations: required fields
// left out, numbers below the minimum and above the maximum, strings too short and too long), newman
// sends it to the running site signed out and as an admin, and Ajv checks every answer against the
// document. Fails on any 5xx, any answer the document does not describe, a fuzzed request that is
// accepted, and any change to the data made by the requests that must be refused.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import newman from 'newman';
import { createKnex, User } from '@mastering/db';
import { bin } from './paths';
import { signInByMail } from './site-client';
import type { ThrowawayStack } from './throwaway-stack';

export type FuzzSite = { siteUrl: string; inboxUrl: string; databaseUrl: string };

/**
 * The fuzzer's own admin: its login codes have their own limits, so journeys that signed the seeded
 * admin in many times before on the same stack cannot leave it without a code.
 */
const FUZZ_ADMIN = 'fuzz-admin@example.com';
export type FuzzReport = { requests: number; byStatus: Record<string, number>; failures: string[] };

export type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject | { $ref: string }> }>>;
  components: { responses: Record<string, ResponseObject> };
};
type ResponseObject = { content?: Record<string, { schema: unknown }> };
type Item = { name: string; request: { method: string }; item?: Item[] };
export type Sent = {
  who: string;
  name: string;
  method: string;
  path: string;
  status: number;
  contentType: string;
  body: string;
};

/** What one pass sends, as whom; `refused` passes must be refused whole and change nothing. */
type Pass = { who: 'signed out' | 'admin'; items: Item[]; refused: boolean };

// Tables the API writes; the background workers' own tables (jobs, mail sent, analyses, campaign
// progress) and the rate limits (a refused attempt still counts, by design) change on their own.
const WATCHED_TABLES = [
  'users',
  'sessions',
  'login_codes',
  'orders',
  'order_files',
  'order_status_history',
  'payments',
  'payment_events',
  'settings',
  'settings_audit',
  'showcase_tracks',
  'testimonials',
  'email_templates',
  'customer_messages',
  'unsubscribes',
  'uploads',
];

/** A fingerprint of every watched table's rows, to show that refused requests changed nothing. */
async function fingerprint(databaseUrl: string): Promise<Record<string, string>> {
  const knex = createKnex(databaseUrl);
  try {
    const rows = await Promise.all(
      WATCHED_TABLES.map(
        async (table) =>
          [
            table,
            (
              await knex.raw(
                `select count(*) || ':' || md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as f from ${table} t`,
              )
            ).rows[0].f,
          ] as const,
      ),
    );
    return Object.fromEntries(rows);
  } finally {
    await knex.destroy();
  }
}

/** Adds the fuzzer's admin, unless it is there already. */
async function addFuzzAdmin(databaseUrl: string): Promise<void> {
  const knex = createKnex(databaseUrl);
  try {
    await User.ensure(knex, { email: FUZZ_ADMIN, firstName: 'Fuzz', lastName: 'Admin', role: 'admin' });
  } finally {
    await knex.destroy();
  }
}

/** Signs the fuzzer's admin in through the API with the code from the MailDev inbox; answers the session cookie. */
async function adminCookie({ siteUrl, inboxUrl, databaseUrl }: FuzzSite): Promise<string> {
  await addFuzzAdmin(databaseUrl);
  return signInByMail(siteUrl, inboxUrl, FUZZ_ADMIN);
}

/** Portman's collection for the document: requests per operation and, for JSON inputs, their fuzzing variations. */
async function collectionFor(document: unknown, siteUrl: string, workDir: string): Promise<{ item: Item[] }> {
  mkdirSync(workDir, { recursive: true });
  const docFile = path.join(workDir, 'openapi.json');
  const out = path.join(workDir, 'collection.json');
  writeFileSync(docFile, JSON.stringify(document));
  const config = path.join(path.dirname(new URL(import.meta.url).pathname), 'fuzz-portman.json');
  // Portman keeps its working files in its cwd: the run's own folder.
  await promisify(execFile)(bin('portman'), ['-l', docFile, '-b', siteUrl, '-c', config, '-o', out], {
    cwd: workDir,
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(readFileSync(out, 'utf8'));
}

/** Every request of a collection, its folders flattened. */
const requestsOf = (items: Item[]): Item[] => items.flatMap((i) => (i.item ? requestsOf(i.item) : [i]));

/** Runs one pass with newman (the admin's cookie added to each request) and records every answer. */
function runPass(pass: Pass, cookie: string, baseUrl: string): Promise<Sent[]> {
  const sent: Sent[] = [];
  const event =
    pass.who === 'admin'
      ? [
          {
            listen: 'prerequest',
            script: {
              type: 'text/javascript',
              exec: [`pm.request.headers.upsert({ key: 'Cookie', value: ${JSON.stringify(cookie)} });`],
            },
          },
        ]
      : [];
  return new Promise((resolve, reject) => {
    newman
      .run({
        collection: {
          info: { name: pass.who, schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
          item: pass.items,
          event,
          variable: [{ key: 'baseUrl', value: baseUrl }],
        } as never,
        reporters: [],
        timeoutRequest: 30_000,
      })
      .on('request', (err, args) => {
        if (err || !args.response)
          return void sent.push({
            who: pass.who,
            name: args.item.name,
            method: args.request.method,
            path: '',
            status: 0,
            contentType: '',
            body: String(err),
          });
        sent.push({
          who: pass.who,
          name: args.item.name,
          method: args.request.method,
          path: new URL(args.request.url.toString()).pathname,
          status: args.response.code,
          contentType: args.response.headers.get('content-type') ?? '',
          body: args.response.stream?.toString('utf8') ?? '',
        });
      })
      .on('done', (err) => (err ? reject(err) : resolve(sent)));
  });
}

/** Checks each answer against the document: a described status, a described media type, a body matching its schema. */
export function answerChecker(document: Doc) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema(document as object, 'openapi.json');
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{key\}/, '.+').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));
  const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
  const mediaMatches = (range: string, type: string) =>
    range === '*/*' || range === type || (range.endsWith('/*') && type.startsWith(range.slice(0, -1)));

  return (answer: Sent): string | null => {
    const method = answer.method.toLowerCase();
    const template = templates.find(
      (t) => t.pattern.test(answer.path) && document.paths[t.template]![method],
    )?.template;
    if (!template) return `no operation for ${answer.method} ${answer.path}`;
    const responses = document.paths[template]![method]!.responses;
    const described = responses[String(answer.status)];
    if (!described) return `status ${answer.status} is not described`;
    const ref = '$ref' in described ? described.$ref : null;
    const response = ref ? document.components.responses[ref.split('/').pop()!]! : (described as ResponseObject);
    if (!response.content) return null;
    const type = answer.contentType.split(';')[0]!.trim().toLowerCase();
    const media = Object.keys(response.content).find((range) => mediaMatches(range, type));
    if (!media) return `content type "${type}" is not described for ${answer.status}`;
    if (media !== 'application/json') return null;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `status ${answer.status}: the body is not JSON`;
    }
    const base = ref
      ? `openapi.json#/${pointer('components', 'responses', ref.split('/').pop()!, 'content', media, 'schema')}`
      : `openapi.json#/${pointer('paths', template, method, 'responses', String(answer.status), 'content', media, 'schema')}`;
    const validate = ajv.getSchema(base) ?? ajv.compile({ $ref: base });
    return validate(body) ? null : `status ${answer.status}: ${ajv.errorsText(validate.errors)}`;
  };
}

/**
 * Fuzzes the site: signed out, every request of a guarded operation (each must be refused with 401);
 * as the admin, every fuzzing variation (each must be refused with a 4xx); neither may change the
 * data. Then every operation's own request, signed out and as the admin: no 5xx. Every answer of every
 * pass must match the document.
 */
export async function fuzzApi(
  site: FuzzSite,
  workDir: string,
  log: (line: string) => void = console.log,
): Promise<FuzzReport> {
  const cookie = await adminCookie(site);
  const docAnswer = await fetch(`${site.siteUrl}/api/openapi.json`, { headers: { cookie } });
  if (!docAnswer.ok) throw new Error(`/api/openapi.json answered ${docAnswer.status}`);
  const document = (await docAnswer.json()) as Doc;
  const guarded = new Set(
    Object.entries(document.paths).flatMap(([template, item]) =>
      Object.entries(item)
        .filter(([, op]) => (op as { security?: unknown }).security)
        .map(([method]) => `${method.toUpperCase()} ${template}`),
    ),
  );
  const all = requestsOf((await collectionFor(document, site.siteUrl, workDir)).item);
  const fuzzed = all.filter((i) => i.name.includes('[Fuzz]'));
  const plain = all.filter((i) => !i.name.includes('[Fuzz]'));
  // Portman names each request after its operation's summary, `METHOD /path/{param}`.
  const isGuarded = (item: Item) => guarded.has(operationOf(item));
  // Signing out as the admin would end the run's own session.
  const keepsSession = (item: Item) => operationOf(item) !== 'POST /auth/logout';
  const passes: Pass[] = [
    { who: 'signed out', items: all.filter(isGuarded), refused: true },
    { who: 'admin', items: fuzzed.filter(keepsSession), refused: true },
    { who: 'signed out', items: plain.filter((i) => !isGuarded(i)), refused: false },
    { who: 'admin', items: plain.filter(keepsSession), refused: false },
  ];

  const check = answerChecker(document);
  const failures: string[] = [];
  const byStatus: Record<string, number> = {};
  let requests = 0;
  for (const pass of passes) {
    const before = pass.refused ? await fingerprint(site.databaseUrl) : null;
    const answers = await runPass(pass, cookie, site.siteUrl);
    requests += answers.length;
    for (const a of answers) {
      byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
      const where = `${pass.who}: ${a.name} (${a.method} ${a.path})`;
      if (a.status === 0) failures.push(`${where}: no answer (${a.body})`);
      else if (a.status >= 500) failures.push(`${where}: ${a.status} ${a.body.slice(0, 200)}`);
      else if (pass.refused && a.status < 400) failures.push(`${where}: must be refused, answered ${a.status}`);
      const mismatch = a.status > 0 ? check(a) : null;
      if (mismatch) failures.push(`${where}: ${mismatch}`);
    }
    if (before) {
      const after = await fingerprint(site.databaseUrl);
      const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
      if (changed.length > 0) failures.push(`${pass.who}: refused requests changed ${changed.join(', ')}`);
    }
    log(`fuzz: ${pass.who}${pass.refused ? ' (must be refused)' : ''}: ${answers.length} requests`);
  }
  return { requests, byStatus, failures };
}

/** The operation a request was made for: its name less a fuzzing variation's `[Fuzz][...]` suffix. */
const operationOf = (item: Item) => item.name.replace(/\[.*$/, '').trim();

/** Fuzzes a throwaway stack's API (its work files in the stack's folder) and prints the report; true when nothing was wrong. */
export async function fuzzStack({ stack, dataDir }: Pick<ThrowawayStack, 'stack' | 'dataDir'>): Promise<boolean> {
  const site = {
    siteUrl: stack.siteUrl,
    inboxUrl: stack.inboxUrl!.replace('localhost', '127.0.0.1'),
    databaseUrl: stack.databaseUrl,
  };
  return printFuzzReport(await fuzzApi(site, path.join(dataDir, 'fuzz')));
}

/** Prints what the fuzzing found; true when it found nothing wrong. */
function printFuzzReport(report: FuzzReport): boolean {
  const statuses = Object.entries(report.byStatus)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  console.log(`fuzz: ${report.requests} requests (${statuses}); ${report.failures.length} problems`);
  for (const failure of report.failures) console.log(`  ✖ ${failure}`);
  return report.failures.length === 0;
}
