import { SignJWT, jwtVerify } from 'jose';
import type { Identity, Role } from '@mastering/contracts';
import type { Middleware } from 'koa';
import { Unauthorized } from './errors';
import { purposeKey, toKeyring, type Secrets } from './keyring';

/** The header the gateway puts the signed identity in; services trust nothing else. */
export const IDENTITY_HEADER = 'x-mastering-identity';

const ISSUER = 'mastering-gateway';
const AUDIENCE = 'mastering-services';
// Short-lived: the token is minted per request, so a leaked header is useless within a minute.
const LIFETIME = '60s';

/** Signs an identity (HS256 JWT, `kid` naming the key) for the identity header with the current key. */
export async function signIdentity(identity: Identity, secrets: Secrets): Promise<string> {
  const { current } = toKeyring(secrets);
  // The signing key is derived for this one purpose, so the raw secret (also the root of the
  // login-code hashing key) never signs anything itself.
  return new SignJWT({ email: identity.email, role: identity.role, sid: identity.sessionId })
    .setProtectedHeader({ alg: 'HS256', kid: current.id })
    .setSubject(identity.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(LIFETIME)
    .sign(purposeKey(current, 'identity-token'));
}

/**
 * Verifies an identity header value with the key its `kid` names (the current key when it names
 * none); throws if the key is unknown or the signature, issuer, audience or expiry is wrong.
 */
export async function verifyIdentity(token: string, secrets: Secrets): Promise<Identity> {
  const keyring = toKeyring(secrets);
  const keyFor = ({ kid }: { kid?: string }) => {
    const key = kid === undefined ? keyring.current : keyring.keys.get(kid);
    if (!key) throw new Error('identity signed with an unknown key');
    return purposeKey(key, 'identity-token');
  };
  const { payload } = await jwtVerify(token, keyFor, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
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
