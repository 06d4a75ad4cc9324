import { SignJWT, jwtVerify } from 'jose';
import type { Identity, Role } from '@mastering/contracts';
import type { Middleware } from 'koa';
import { Unauthorized } from './errors';
import { deriveKey } from './tokens';

/** The header the gateway puts the signed identity in; services trust nothing else. */
export const IDENTITY_HEADER = 'x-mastering-identity';

const ISSUER = 'mastering-gateway';
const AUDIENCE = 'mastering-services';
// Short-lived: the token is minted per request, so a leaked header is useless within a minute.
const LIFETIME = '60s';

const keyCache = new Map<string, Uint8Array>();
// The signing key is derived for this one purpose, so the raw secret (also the root of the login-code
// hashing key) never signs anything itself.
function keyOf(secret: string): Uint8Array {
  let key = keyCache.get(secret);
  if (!key) keyCache.set(secret, (key = deriveKey(secret, 'identity-token')));
  return key;
}

/** Signs an identity (HS256 JWT) for the identity header. */
export async function signIdentity(identity: Identity, secret: string): Promise<string> {
  return new SignJWT({ email: identity.email, role: identity.role, sid: identity.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(identity.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(LIFETIME)
    .sign(keyOf(secret));
}

/** Verifies an identity header value; throws if the signature, issuer, audience or expiry is wrong. */
export async function verifyIdentity(token: string, secret: string): Promise<Identity> {
  const { payload } = await jwtVerify(token, keyOf(secret), { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
  return {
    userId: String(payload.sub),
    email: String(payload.email),
    role: payload.role as Role,
    sessionId: String(payload.sid),
  };
}

/** Reads the signed identity header into `ctx.state.identity` (null when absent); a forged header is a 401. */
export function identityMiddleware(secret: string): Middleware {
  return async (ctx, next) => {
    const header = ctx.get(IDENTITY_HEADER);
    ctx.state.identity = null;
    if (header) {
      try {
        ctx.state.identity = await verifyIdentity(header, secret);
      } catch {
        throw new Unauthorized('Invalid identity');
      }
    }
    await next();
  };
}

