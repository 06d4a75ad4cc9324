import type { Knex } from 'knex';
import type { Queue } from '@mastering/jobs';
import { createService, type Logger } from '@mastering/service-kit';
import type { StorefrontConfig } from './config';
import { routes } from './routes';
import { createLoginLimiters } from './auth/rate-limits';

export type StorefrontDeps = { config: Readonly<StorefrontConfig>; knex: Knex; queue: Queue; logger?: Logger };

/** Builds the storefront service app: site config, login, (later) uploads, orders and payments. */
export function buildApp({ config, knex, queue, logger }: StorefrontDeps) {
  // The cookie is Secure when the site is served over HTTPS, as its public address says; behind a
  // TLS-terminating proxy the hop to us is plain HTTP, so the request's own scheme cannot decide it.
  const cookie = { cookieName: config.SESSION_COOKIE, secure: config.PUBLIC_URL.startsWith('https:'), ttlHours: config.SESSION_TTL_HOURS };
  const auth = { knex, queue, secret: config.IDENTITY_SECRET, sessionTtlHours: config.SESSION_TTL_HOURS };
  return createService({
    name: 'storefront',
    knex,
    identitySecret: config.IDENTITY_SECRET,
    logger,
    routes: routes({ knex, auth, cookie, limits: createLoginLimiters(knex) }),
  });
}
