import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { deriveKey, hashToken, sameHash } from '../src/tokens';
import { signIdentity, verifyIdentity } from '../src/identity';

const SECRET = 'q'.repeat(40);
const identity = {
  userId: '0b0e7c1e-8d5c-4a9e-9a51-3a1f0f9a2b10',
  email: 'a@example.com',
  role: 'admin' as const,
  sessionId: 's1',
};

describe('deriveKey', () => {
  it('gives each purpose its own stable 256-bit key, none equal to the secret', () => {
    const identityKey = deriveKey(SECRET, 'identity-token');
    const codeKey = deriveKey(SECRET, 'login-code-hash');
    expect(identityKey).toHaveLength(32);
    expect(codeKey).toHaveLength(32);
    expect(identityKey.equals(codeKey)).toBe(false);
    expect(identityKey.equals(deriveKey(SECRET, 'identity-token'))).toBe(true);
    expect(identityKey.equals(deriveKey('r'.repeat(40), 'identity-token'))).toBe(false);
    expect(identityKey.toString('latin1')).not.toContain(SECRET.slice(0, 8));
  });
});

describe('identity tokens use the derived key', () => {
  it('round-trips, and refuses a token signed with the raw secret (the old single-key scheme)', async () => {
    expect(await verifyIdentity(await signIdentity(identity, SECRET), SECRET)).toEqual(identity);
    const rawSigned = await new SignJWT({ email: identity.email, role: identity.role, sid: identity.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(identity.userId)
      .setIssuer('mastering-gateway')
      .setAudience('mastering-services')
      .setIssuedAt()
      .setExpirationTime('60s')
      .sign(new TextEncoder().encode(SECRET));
    await expect(verifyIdentity(rawSigned, SECRET)).rejects.toThrow();
  });

  it('are standard HS256 JWTs: one another library signs with the key is accepted; a wrong claim, a missing expiry or alg none is refused', async () => {
    const key = deriveKey(SECRET, 'identity-token');
    const token = (claims: { iss?: string; aud?: string; exp?: boolean } = {}) => {
      const jwt = new SignJWT({ email: identity.email, role: identity.role, sid: identity.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(identity.userId)
        .setIssuer(claims.iss ?? 'mastering-gateway')
        .setAudience(claims.aud ?? 'mastering-services')
        .setIssuedAt();
      return (claims.exp === false ? jwt : jwt.setExpirationTime('60s')).sign(key);
    };
    expect(await verifyIdentity(await token(), SECRET)).toEqual(identity);
    await expect(verifyIdentity(await token({ aud: 'someone-else' }), SECRET)).rejects.toThrow();
    await expect(verifyIdentity(await token({ iss: 'someone-else' }), SECRET)).rejects.toThrow();
    await expect(verifyIdentity(await token({ exp: false }), SECRET)).rejects.toThrow();
    const [, payload] = (await token()).split('.');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    await expect(verifyIdentity(unsigned, SECRET)).rejects.toThrow();
    const tampered = (await signIdentity(identity, SECRET)).replace(/\.[^.]+\./, `.${payload!.replace(/.$/, 'A')}.`);
    await expect(verifyIdentity(tampered, SECRET)).rejects.toThrow();
  });
});

describe('sameHash', () => {
  it('is true only for equal digests', () => {
    const a = hashToken('one');
    expect(sameHash(a, hashToken('one'))).toBe(true);
    expect(sameHash(a, hashToken('two'))).toBe(false);
    // A digest of another length (or a keyed one) never matches, and does not throw.
    expect(sameHash(a, createHmac('sha512', 'k').update('one').digest('hex'))).toBe(false);
    expect(sameHash(a, '')).toBe(false);
  });
});
