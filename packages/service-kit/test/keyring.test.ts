import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createKeyring, keyIdOf, keyringOf } from '../src/keyring';
import { createTokenSigner } from '../src/signed-tokens';
import { seal, unseal } from '../src/sealed';
import { signIdentity, verifyIdentity } from '../src/identity';
import { loadConfig, BaseServiceConfig } from '../src/config';
import { deriveKey } from '../src/tokens';

const OLD = 'o'.repeat(40);
const NEW = 'n'.repeat(40);
const OTHER = 'x'.repeat(40);
const HOUR = 3_600_000;
const later = (ms: number) => new Date(Date.now() + ms);
const anything = (claims: Record<string, unknown>) => claims;

describe('keyring', () => {
  it('names each secret by a stable id derived from it, the current key first', () => {
    const ring = createKeyring(NEW, [OLD, OLD]);
    expect(ring.current).toEqual({ id: keyIdOf(NEW), secret: NEW });
    expect([...ring.keys.keys()]).toEqual([keyIdOf(NEW), keyIdOf(OLD)]);
    expect(keyIdOf(NEW)).toMatch(/^[\w-]{8}$/);
    expect(keyIdOf(NEW)).not.toBe(keyIdOf(OLD));
    expect(keyIdOf(NEW)).toBe(keyIdOf('n'.repeat(40)));
  });

  it('reads IDENTITY_SECRETS_PREVIOUS as a comma-separated list, refusing short secrets', () => {
    const env = { DATABASE_URL: 'postgres://x', IDENTITY_SECRET: NEW };
    expect(loadConfig(BaseServiceConfig, env).IDENTITY_SECRETS_PREVIOUS).toEqual([]);
    const config = loadConfig(BaseServiceConfig, { ...env, IDENTITY_SECRETS_PREVIOUS: ` ${OLD} ,${OTHER},` });
    expect(config.IDENTITY_SECRETS_PREVIOUS).toEqual([OLD, OTHER]);
    expect([...keyringOf(config).keys.values()].map((k) => k.secret)).toEqual([NEW, OLD, OTHER]);
    expect(() => loadConfig(BaseServiceConfig, { ...env, IDENTITY_SECRETS_PREVIOUS: 'short' })).toThrow(
      /IDENTITY_SECRETS_PREVIOUS must be at least 32 characters/,
    );
  });
});

describe('the token signer', () => {
  const before = createTokenSigner(OLD, 'download-link', anything);
  const after = createTokenSigner(createKeyring(NEW, [OLD]), 'download-link', anything);

  it('puts the key id in every token and round-trips the claims and expiry', () => {
    const expiresAt = later(HOUR);
    const token = after.sign({ order: 'o1' }, expiresAt);
    expect(token).toMatch(/^[\w-]+$/); // no dot: a page URL holding it never looks like a file
    expect(JSON.parse(Buffer.from(token.slice(0, -43), 'base64url').toString())).toMatchObject({
      kid: keyIdOf(NEW),
      order: 'o1',
    });
    expect(after.verify(token)).toEqual({
      claims: { order: 'o1' },
      expiresAt: new Date(Math.floor(expiresAt.getTime() / 1000) * 1000),
    });
  });

  it('still verifies a token of a previous key after rotation, and not once that key is dropped', () => {
    const minted = before.sign({ order: 'o1' }, later(HOUR));
    expect(after.verify(minted)).toMatchObject({ claims: { order: 'o1' } });
    expect(createTokenSigner(NEW, 'download-link', anything).verify(minted)).toBeNull();
  });

  it('refuses an unknown key id, a forged or altered token, and another purpose', () => {
    const stranger = createTokenSigner(OTHER, 'download-link', anything).sign({ order: 'o1' }, later(HOUR));
    expect(after.verify(stranger)).toBeNull();
    const token = after.sign({ order: 'o1' }, later(HOUR));
    const body = JSON.parse(Buffer.from(token.slice(0, -43), 'base64url').toString());
    // The same signature over a body that names another key (or another order) is refused.
    const relabelled = `${Buffer.from(JSON.stringify({ ...body, kid: keyIdOf(OLD) })).toString('base64url')}${token.slice(-43)}`;
    expect(after.verify(relabelled)).toBeNull();
    const swapped = `${Buffer.from(JSON.stringify({ ...body, order: 'o2' })).toString('base64url')}${token.slice(-43)}`;
    expect(after.verify(swapped)).toBeNull();
    expect(createTokenSigner(NEW, 'email-link', anything).verify(token)).toBeNull();
    expect(after.verify('not-a-token')).toBeNull();
    expect(after.verify('')).toBeNull();
  });

  it('answers expired once the expiry has passed (a genuine token, so the page can say so)', () => {
    const token = after.sign({ order: 'o1' }, later(HOUR));
    expect(after.verify(token, later(HOUR + 1000))).toBe('expired');
    expect(after.verify(before.sign({ order: 'o1' }, later(-1000)))).toBe('expired');
  });

  it('accepts tokens minted before key ids: download links (no kid) and dotted mail links (no expiry)', () => {
    const legacyMac = (purpose: 'download-link' | 'email-link', body: string) =>
      createHmac('sha256', deriveKey(OLD, purpose)).update(body).digest('base64url');
    const downloadBody = Buffer.from(
      JSON.stringify({ order: 'o1', exp: Math.floor(Date.now() / 1000) + 3600 }),
    ).toString('base64url');
    expect(after.verify(`${downloadBody}${legacyMac('download-link', downloadBody)}`)).toMatchObject({
      claims: { order: 'o1' },
    });
    const mail = createTokenSigner(createKeyring(NEW, [OLD]), 'email-link', anything);
    const mailBody = Buffer.from(JSON.stringify({ k: 'u', e: 'a@b.co' })).toString('base64url');
    expect(mail.verify(`${mailBody}.${legacyMac('email-link', mailBody)}`)).toEqual({
      claims: { k: 'u', e: 'a@b.co' },
      expiresAt: null,
    });
    // A legacy download token without an expiry was never minted: refused.
    const noExpiry = Buffer.from(JSON.stringify({ order: 'o1' })).toString('base64url');
    expect(after.verify(`${noExpiry}${legacyMac('download-link', noExpiry)}`)).toBeNull();
  });

  it('refuses claims its parser does not accept', () => {
    const strict = createTokenSigner(NEW, 'download-link', (c) =>
      typeof c.order === 'string' ? { order: c.order } : null,
    );
    expect(strict.verify(strict.sign({ file: 'f' } as never, later(HOUR)))).toBeNull();
  });
});

describe('identity headers', () => {
  const identity = {
    userId: '0b0e7c1e-8d5c-4a9e-9a51-3a1f0f9a2b10',
    email: 'a@example.com',
    role: 'admin' as const,
    sessionId: 's1',
  };

  it('carry the key id; a service holding the previous key verifies a gateway already on the new one, and the reverse', async () => {
    const token = await signIdentity(identity, NEW);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toMatchObject({
      alg: 'HS256',
      kid: keyIdOf(NEW),
    });
    expect(await verifyIdentity(token, createKeyring(OLD, [NEW]))).toEqual(identity);
    expect(await verifyIdentity(await signIdentity(identity, OLD), createKeyring(NEW, [OLD]))).toEqual(identity);
    await expect(verifyIdentity(token, OLD)).rejects.toThrow(/unknown key/);
  });
});

describe('sealed values', () => {
  it('open with any key of the ring and the same context, never with another context or an unknown key', () => {
    const sealed = seal(OLD, 'smtp-password', 'hunter2', 'smtp.example.com');
    expect(sealed).toMatch(new RegExp(`^sealed\\.v1\\.${keyIdOf(OLD)}\\.`));
    expect(sealed).not.toContain('hunter2');
    expect(seal(OLD, 'smtp-password', 'hunter2', 'smtp.example.com')).not.toBe(sealed); // a fresh IV each time
    expect(unseal(createKeyring(NEW, [OLD]), 'smtp-password', sealed, 'smtp.example.com')).toBe('hunter2');
    expect(() => unseal(OLD, 'smtp-password', sealed, 'evil.example')).toThrow();
    expect(() => unseal(OLD, 'email-link', sealed, 'smtp.example.com')).toThrow();
    expect(() => unseal(NEW, 'smtp-password', sealed, 'smtp.example.com')).toThrow(/key this keyring does not hold/);
    const parts = sealed.split('.');
    parts[5] = parts[5]!.slice(0, 8); // a truncated tag
    expect(() => unseal(OLD, 'smtp-password', parts.join('.'), 'smtp.example.com')).toThrow();
  });
});
