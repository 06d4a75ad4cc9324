import { route, type RouteTable } from '@mastering/service-kit';
import { RequestCodeBody, VerifyCodeBody } from '@mastering/contracts';
import type { Knex } from 'knex';
import type { AuthDeps } from './auth/service';
import type { LoginLimiters } from './auth/rate-limits';
import * as auth from './auth/handlers';
import { getConfig } from './site-config/handlers';

export type RouteDeps = { knex: Knex; auth: AuthDeps; limits: LoginLimiters; cookie: auth.CookieOptions };

/** The storefront's route table: the public site configuration and the login. */
export const routes = (deps: RouteDeps): RouteTable => [
  // Prices must be current the moment staff change them: every cache revalidates (a cheap 304 by ETag).
  route({ method: 'GET', path: '/api/config', permission: 'public', cache: 'public, no-cache', handler: getConfig(deps.knex) }),
  route({ method: 'POST', path: '/auth/request-code', permission: 'public', body: RequestCodeBody, handler: auth.requestCode(deps.auth, deps.limits) }),
  route({ method: 'POST', path: '/auth/verify-code', permission: 'public', body: VerifyCodeBody, handler: auth.verifyCode(deps.auth, deps.cookie, deps.limits) }),
  // Public: ends the caller's own session, if any.
  route({ method: 'POST', path: '/auth/logout', permission: 'public', handler: auth.logout(deps.auth, deps.cookie) }),
  // Public: answers `{ user: null }` when signed out.
  route({ method: 'GET', path: '/api/auth/me', permission: 'public', cache: 'private, no-store', handler: auth.me(deps.auth) }),
];
