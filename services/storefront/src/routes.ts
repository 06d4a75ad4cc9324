import { route, type RouteTable } from '@mastering/service-kit';
import { CreateCheckoutBody, CreateOrderBody, IdParam, RequestCodeBody, VerifyCodeBody } from '@mastering/contracts';
import type { Server as TusServer } from '@tus/server';
import type { Knex } from 'knex';
import type { AuthDeps } from './auth/service';
import type { LoginLimiters } from './auth/rate-limits';
import * as auth from './auth/handlers';
import { getConfig } from './site-config/handlers';
import * as uploads from './uploads/handlers';
import * as orders from './orders/handlers';
import * as payments from './payments/handlers';
import type { UploadDeps } from './uploads/service';
import type { PaymentDeps } from './payments/service';
import type { GuestCookieOptions } from './visitor';

export type RouteDeps = {
  knex: Knex;
  auth: AuthDeps;
  limits: LoginLimiters;
  cookie: auth.CookieOptions;
  guestCookie: GuestCookieOptions;
  uploads: UploadDeps;
  tus: TusServer;
  payments: PaymentDeps;
};

/** The storefront's route table: site configuration, login, uploads, orders and payment. */
export const routes = (deps: RouteDeps): RouteTable => [
  // Prices must be current the moment staff change them: every cache revalidates (a cheap 304 by ETag).
  route({ method: 'GET', path: '/api/config', permission: 'public', cache: 'public, no-cache', handler: getConfig(deps.knex, deps.payments) }),
  route({ method: 'POST', path: '/auth/request-code', permission: 'public', body: RequestCodeBody, handler: auth.requestCode(deps.auth, deps.limits) }),
  route({ method: 'POST', path: '/auth/verify-code', permission: 'public', body: VerifyCodeBody, handler: auth.verifyCode(deps.auth, deps.cookie, deps.limits) }),
  // Public: ends the caller's own session, if any.
  route({ method: 'POST', path: '/auth/logout', permission: 'public', handler: auth.logout(deps.auth, deps.cookie) }),
  // Public: answers `{ user: null }` when signed out.
  route({ method: 'GET', path: '/api/auth/me', permission: 'public', cache: 'private, no-store', handler: auth.me(deps.auth) }),

  // Ordering needs no account: a guest's browser is known by the cookie its first upload sets.
  route({ method: 'POST', path: '/api/files/upload', permission: 'public', handler: uploads.createUploadUrl(deps.uploads, deps.guestCookie) }),
  // The upload URL: one whole-body PUT, or tus (POST to begin, PATCH chunks, HEAD to resume).
  route({ method: 'PUT', path: '/uploads/:id', permission: 'public', params: IdParam, handler: uploads.putUpload(deps.uploads) }),
  route({ method: 'POST', path: '/uploads/:id', permission: 'public', params: IdParam, handler: uploads.tusUpload(deps.tus) }),
  route({ method: 'PATCH', path: '/uploads/:id', permission: 'public', params: IdParam, handler: uploads.tusUpload(deps.tus) }),
  route({ method: 'HEAD', path: '/uploads/:id', permission: 'public', params: IdParam, handler: uploads.tusUpload(deps.tus) }),

  route({ method: 'POST', path: '/api/orders', permission: 'public', body: CreateOrderBody, handler: orders.createOrder(deps.knex, deps.guestCookie) }),
  // Public, but answers only the browser that placed the order (or staff); anyone else gets 404.
  route({ method: 'GET', path: '/api/orders/:id', permission: 'public', params: IdParam, cache: 'private, no-store', handler: orders.getOrder(deps.knex, deps.guestCookie) }),

  route({ method: 'POST', path: '/api/payment/create-checkout', permission: 'public', body: CreateCheckoutBody, handler: payments.createCheckout(deps.payments, deps.guestCookie) }),
  // Public: Yoco calls it; the Standard Webhooks signature is the permission. Read raw (see app.ts).
  route({ method: 'POST', path: payments.WEBHOOK_PATH, permission: 'public', handler: payments.paymentWebhook(deps.payments) }),
];
