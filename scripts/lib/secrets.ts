import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the local stack keeps the secrets it made up (inside its data folder, readable by its owner only). */
export const SECRETS_FILE = 'secrets.json';

/** What the secrets file holds: the current signing secret and the earlier ones that still verify. */
export type StoredSecrets = { identitySecret: string; previousIdentitySecrets: string[] };

const MIN_SECRET_LENGTH = 32;

function parseSecrets(text: string, file: string): StoredSecrets {
  let value: Partial<StoredSecrets>;
  try {
    value = JSON.parse(text) as Partial<StoredSecrets>;
  } catch {
    throw new Error(
      `${file} is not valid JSON; fix it, or move it away to start with new secrets (links already mailed then stop working)`,
    );
  }
  const previous = value.previousIdentitySecrets ?? [];
  const valid = (s: unknown): s is string => typeof s === 'string' && s.length >= MIN_SECRET_LENGTH && !s.includes(',');
  if (!valid(value.identitySecret) || !Array.isArray(previous) || !previous.every(valid)) {
    throw new Error(
      `${file} must hold {"identitySecret": "<at least ${MIN_SECRET_LENGTH} characters>", "previousIdentitySecrets": [...]}`,
    );
  }
  return { identitySecret: value.identitySecret, previousIdentitySecrets: previous };
}

/**
 * The local stack's secrets, made up once per data folder and reused by every later start, so links
 * mailed before a restart keep working. The file is created atomically with mode 0600 (written in
 * full under a temporary name, then hard-linked into place: two starts at once both end up with the
 * winner's file, and nobody ever reads half of one); one found readable by others is narrowed to 0600.
 */
export async function loadOrCreateSecrets(dataDir: string): Promise<StoredSecrets> {
  const file = path.join(dataDir, SECRETS_FILE);
  await mkdir(dataDir, { recursive: true });
  const existing = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (existing !== null) {
    if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
    return parseSecrets(existing, file);
  }
  const fresh: StoredSecrets = { identitySecret: randomBytes(32).toString('hex'), previousIdentitySecrets: [] };
  const staging = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(staging, `${JSON.stringify(fresh, null, 2)}\n`, { mode: 0o600, flag: 'wx', flush: true });
    await link(staging, file).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err; // another start made it first: use that one
    });
  } finally {
    await rm(staging, { force: true });
  }
  return parseSecrets(await readFile(file, 'utf8'), file);
}

/**
 * The signing secrets the stack's processes get: a deployment's own (IDENTITY_SECRET and
 * IDENTITY_SECRETS_PREVIOUS in the environment) when set, else the data folder's (see loadOrCreateSecrets).
 */
export async function stackSecrets(
  dataDir: string,
  env: NodeJS.ProcessEnv,
): Promise<{ IDENTITY_SECRET: string; IDENTITY_SECRETS_PREVIOUS: string }> {
  if (env.IDENTITY_SECRET)
    return { IDENTITY_SECRET: env.IDENTITY_SECRET, IDENTITY_SECRETS_PREVIOUS: env.IDENTITY_SECRETS_PREVIOUS ?? '' };
  const stored = await loadOrCreateSecrets(dataDir);
  return {
    IDENTITY_SECRET: stored.identitySecret,
    IDENTITY_SECRETS_PREVIOUS: stored.previousIdentitySecrets.join(','),
  };
}
