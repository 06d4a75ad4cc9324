import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type { Identity, Role } from '@mastering/contracts';
import type { Middleware } from 'koa';
import { Unauthorized } from './errors';
import { purposeKey, toKeyring, type Keyring, type Secrets } from './keyring';

/** The header the gateway puts the signed identity in; services trust nothing else. */
export const IDENTITY_HEADER = 'x-mastering-identity';

const ISSUER = 'mastering-gateway';
const AUDIENCE = 'mastering-services';
// Short-lived: the token is minted per request, so a leaked header is useless within a minute.
const LIFETIME_MS = 60_000;

// fast-jwt signs and checks with node:crypto's HMAC, synchronously: about 10 µs a token. jose (WebCrypto)
// took 110-160 µs of CPU for each, paid twice on every signed-in request (the gateway signs, the service checks).
// Each keyring's signer and verifier are made once.
const signers = new WeakMap<Keyring, (payload: Record<string, unknown>) => string>();
const verifiers = new WeakMap<Keyring, (token: string) => Promise<Record<string, unknown>>>();

/** Signs an identity (HS256 JWT, `kid` naming the key) for the identity header with the current key. */
export async function signIdentity(identity: Identity, secrets: Secrets): Promise<string> {
  const keyring = toKeyring(secrets);
  let sign = signers.get(keyring);
  if (!sign) {
    // The signing key is derived for this one purpose, so the raw secret (also the root of the
    // login-code hashing key) never signs anything itself.
    sign = createSigner({
      key: purposeKey(keyring.current, 'identity-token'),
      algorithm: 'HS256',
      kid: keyring.current.id,
      iss: ISSUER,
      aud: AUDIENCE,
      expiresIn: LIFETIME_MS,
    });
    signers.set(keyring, sign);
  }
  return sign({ sub: identity.userId, email: identity.email, role: identity.role, sid: identity.sessionId });
}

/**
 * Verifies an identity header value with the key its `kid` names (the current key when it names
 * none); throws if the key is unknown or the signature, issuer, audience or expiry is wrong.
 */
export async function verifyIdentity(token: string, secrets: Secrets): Promise<Identity> {
  const keyring = toKeyring(secrets);
  let verify = verifiers.get(keyring);
  if (!verify) {
    verify = createVerifier({
      key: async ({ header }: { header: { kid?: string } }) => {
        const key = header.kid === undefined ? keyring.current : keyring.keys.get(header.kid);
        // A TokenError is passed on as it is (any other error becomes "Cannot fetch key.").
        if (!key) throw new TokenError(TokenError.codes.missingKey, 'identity signed with an unknown key');
        return purposeKey(key, 'identity-token');
      },
      algorithms: ['HS256'],
      allowedIss: ISSUER,
      allowedAud: AUDIENCE,
      requiredClaims: ['sub', 'exp'],
    });
    verifiers.set(keyring, verify);
  }
  const payload = await verify(token);
  return {
    userId: String(payload.sub),
    email: String(payload.email),
    role: payload.role as Role,
    sessionId: String(payload.sid),
  };
}

/** Reads the signed identity header into `ctx.state.identity` (null when absent); a forged header is a 401. */
export function identityMiddleware(secrets: Secrets): Middleware {
  const keyring = toKeyring(secrets);
  return async (ctx, next) => {
    const header = ctx.get(IDENTITY_HEADER);
    ctx.state.identity = null;
    if (header) {
      try {
        ctx.state.identity = await verifyIdentity(header, keyring);
      } catch {
        throw new Unauthorized('Invalid identity');
      }
    }
    await next();
  };
}
