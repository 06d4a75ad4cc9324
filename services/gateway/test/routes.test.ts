import { describe, expect, it } from 'vitest';
import { resolveService } from '../src/routes';

// Every path of both specs' call tables, with the service ARCHITECTURE.md gives it.
const CASES: [string, string, string | null][] = [
  ['GET', '/api/config', 'storefront'],
  ['POST', '/api/files/upload', 'storefront'],
  ['PUT', '/uploads/abc123', 'storefront'],
  ['POST', '/api/orders', 'storefront'],
  ['GET', '/api/orders/4b0c-uuid', 'storefront'],
  ['POST', '/api/payment/create-checkout', 'storefront'],
  ['POST', '/api/payment/webhook', 'storefront'],
  ['POST', '/auth/request-code', 'storefront'],
  ['POST', '/auth/verify-code', 'storefront'],
  ['GET', '/api/auth/me', 'storefront'],
  ['GET', '/api/admin/dashboard-stats', 'ops'],
  ['GET', '/api/admin/orders', 'ops'],
  ['PATCH', '/api/admin/orders/1/status', 'ops'],
  ['GET', '/api/admin/customers', 'ops'],
  ['POST', '/api/admin/customers/a%40b.co/message', 'ops'],
  ['GET', '/api/admin/audio-files', 'ops'],
  ['PATCH', '/api/admin/audio-files/1/processing', 'ops'],
  ['POST', '/api/admin/audio-files/1/upload-url', 'ops'],
  ['POST', '/api/admin/audio-files/1/confirm-upload', 'ops'],
  ['GET', '/api/admin/payments', 'ops'],
  ['GET', '/api/admin/analytics', 'ops'],
  ['GET', '/api/admin/settings', 'ops'],
  ['GET', '/api/users', 'ops'],
  ['PUT', '/api/users/1', 'ops'],
  ['GET', '/api/orders/customer/u1', 'ops'],
  ['GET', '/api/audio-files/customer/u1', 'ops'],
  ['GET', '/api/showcase-tracks', 'content'],
  ['GET', '/api/testimonials', 'content'],
  ['POST', '/api/admin/showcase-tracks', 'content'],
  ['DELETE', '/api/admin/testimonials/1', 'content'],
  ['GET', '/media/showcase/a.wav', 'content'],
  ['GET', '/api/admin/marketing-campaigns', 'email'],
  ['GET', '/api/admin/email-templates', 'email'],
  ['PUT', '/api/admin/email-templates/1', 'email'],
  ['POST', '/api/admin/send-marketing-campaign', 'email'],
  ['POST', '/api/admin/test-email', 'email'],
  ['POST', '/api/admin/send-custom-email', 'email'],
  ['GET', '/api/admin/email-health', 'email'],
  ['POST', '/api/admin/init-system-templates', 'email'],
  ['GET', '/e/unsubscribe/token', 'email'],
  // Not owned by anyone: the gateway answers itself.
  ['GET', '/api/nothing-here', null],
  ['GET', '/api/configuration', null],
  ['DELETE', '/api/orders/1', null],
  ['GET', '/admin/orders', null],
  ['GET', '/mediafoo', null],
];

describe('gateway route table', () => {
  it.each(CASES)('%s %s -> %s', (method, path, service) => {
    expect(resolveService(method, path)).toBe(service);
  });
});
