import type { Router } from '@mastering/service-kit';
import { validate } from '@mastering/service-kit';
import { RequestCodeBody, VerifyCodeBody } from '@mastering/contracts';
import type { Knex } from 'knex';
import type { AuthDeps } from './auth/service';
import type { LoginLimiters } from './auth/rate-limits';
import * as auth from './auth/handlers';
import { getConfig } from './site-config/handlers';

export type RouteDeps = { knex: Knex; auth: AuthDeps; limits: LoginLimiters; cookie: { cookieName: string; secure: boolean; ttlHours: number } };

/** The storefront's route table; every route here is public (permission noted per line). */
export function mountRoutes(router: Router, deps: RouteDeps) {
  router.get('/api/config', getConfig(deps.knex)); // public
  router.post('/auth/request-code', validate({ body: RequestCodeBody }), auth.requestCode(deps.auth, deps.limits)); // public
  router.post('/auth/verify-code', validate({ body: VerifyCodeBody }), auth.verifyCode(deps.auth, deps.cookie, deps.limits)); // public
  router.post('/auth/logout', auth.logout(deps.auth, deps.cookie)); // public (ends own session)
  router.get('/api/auth/me', auth.me(deps.auth)); // public (answers null when signed out)
}
