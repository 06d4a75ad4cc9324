import { mkdtempSync, rmSync, statSync, writeFileSync, readFileSync, chmodSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecrets, SECRETS_FILE, stackSecrets } from '../lib/secrets';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stack-secrets-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the local stack secrets', () => {
  it('are made once per data folder, kept with mode 0600, and reused by the next start', async () => {
    const dir = freshDir();
    const first = await loadOrCreateSecrets(dir);
    expect(first.identitySecret).toMatch(/^[0-9a-f]{64}$/);
    expect(first.previousIdentitySecrets).toEqual([]);
    const file = path.join(dir, SECRETS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await loadOrCreateSecrets(dir)).toEqual(first);
    expect(readdirSync(dir)).toEqual([SECRETS_FILE]); // no staging file left behind
  });

  it('agree when two starts race for a new folder', async () => {
    const dir = freshDir();
    const [a, b, c] = await Promise.all([loadOrCreateSecrets(dir), loadOrCreateSecrets(dir), loadOrCreateSecrets(dir)]);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });

  it('narrow a file others could read to 0600, and refuse a broken one without replacing it', async () => {
    const dir = freshDir();
    const file = path.join(dir, SECRETS_FILE);
    const stored = { identitySecret: 's'.repeat(40), previousIdentitySecrets: ['p'.repeat(40)] };
    writeFileSync(file, JSON.stringify(stored));
    chmodSync(file, 0o644);
    expect(await loadOrCreateSecrets(dir)).toEqual(stored);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(file, '{"identitySecret": "short"}');
    await expect(loadOrCreateSecrets(dir)).rejects.toThrow(/must hold/);
    writeFileSync(file, 'not json');
    await expect(loadOrCreateSecrets(dir)).rejects.toThrow(/not valid JSON/);
    expect(readFileSync(file, 'utf8')).toBe('not json');
  });

  it('come from the environment when a deployment sets them (nothing written), else from the folder', async () => {
    const dir = freshDir();
    expect(
      await stackSecrets(dir, { IDENTITY_SECRET: 'e'.repeat(40), IDENTITY_SECRETS_PREVIOUS: 'f'.repeat(40) }),
    ).toEqual({ IDENTITY_SECRET: 'e'.repeat(40), IDENTITY_SECRETS_PREVIOUS: 'f'.repeat(40) });
    expect(readdirSync(dir)).toEqual([]);
    const fromFolder = await stackSecrets(dir, {});
    expect(fromFolder).toEqual({
      IDENTITY_SECRET: (await loadOrCreateSecrets(dir)).identitySecret,
      IDENTITY_SECRETS_PREVIOUS: '',
    });
  });
});
