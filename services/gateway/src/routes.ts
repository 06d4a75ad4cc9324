/**
 * The gateway's one route table: which service owns which public path (ARCHITECTURE.md
 * "Ownership of the spec's paths"). The first matching row wins, so specific rows come first.
 */
import type { UpstreamService } from '@mastering/service-kit';

/** A service the gateway forwards to (named once, in service-kit's SERVICE_PORTS). */
export type ServiceName = UpstreamService;

type Route = { methods?: string[]; pattern: RegExp; service: ServiceName };

const ADMIN_OPS = '(?:dashboard-stats|orders|customers|deletion-requests|audio-files|payments|analytics|settings)';
const ADMIN_CONTENT = '(?:showcase-tracks|testimonials)';
const ADMIN_EMAIL =
  '(?:email-[a-z-]+|marketing-campaigns|send-marketing-campaign|test-email|send-custom-email|init-system-templates)';
const rest = '(?:/.*)?$';

export const ROUTES: Route[] = [
  // Customer reads of another user's orders and files belong to ops, before the storefront's /api/orders.
  { pattern: /^\/api\/orders\/customer\/[^/]+\/?$/, service: 'ops' },
  { pattern: /^\/api\/audio-files\/customer\/[^/]+\/?$/, service: 'ops' },
  { methods: ['POST'], pattern: /^\/api\/orders\/?$/, service: 'storefront' },
  { methods: ['GET', 'HEAD'], pattern: /^\/api\/orders\/[^/]+\/?$/, service: 'storefront' },
  // The customer's order page (by its signed link), its revision and refund requests, its rating, and Track my order.
  {
    pattern: /^\/api\/orders\/(?:track|[^/]+\/(?:view|revisions|replacements|refund-request|rating))\/?$/,
    service: 'storefront',
  },
  { methods: ['GET', 'HEAD'], pattern: /^\/api\/orders\/[^/]+\/invoice\/?$/, service: 'storefront' },
  // The order's release (EP or album) for the order page's player (issue 55).
  { methods: ['GET', 'HEAD'], pattern: /^\/api\/orders\/[^/]+\/release\/?$/, service: 'storefront' },
  { methods: ['GET', 'HEAD'], pattern: /^\/api\/orders\/[^/]+\/credit-notes\/[^/]+\/?$/, service: 'storefront' },
  { pattern: new RegExp(`^/auth${rest}`), service: 'storefront' },
  { pattern: new RegExp(`^/api/auth${rest}`), service: 'storefront' },
  { pattern: new RegExp(`^/api/config${rest}`), service: 'storefront' },
  { pattern: new RegExp(`^/api/files/upload${rest}`), service: 'storefront' },
  { pattern: new RegExp(`^/uploads${rest}`), service: 'storefront' },
  { pattern: new RegExp(`^/api/payment${rest}`), service: 'storefront' },
  // POPIA rights: the signed-in customer's data download and deletion request.
  { pattern: new RegExp(`^/api/your-data${rest}`), service: 'storefront' },
  // Refunds and the customers' refund requests: the storefront owns orders' money and holds Yoco's keys.
  { pattern: new RegExp(`^/api/admin/(?:refunds|refund-requests)${rest}`), service: 'storefront' },
  { pattern: new RegExp(`^/api/admin/${ADMIN_OPS}${rest}`), service: 'ops' },
  // Accounts: the storefront signs people in and alone writes users (issue 52).
  { pattern: new RegExp(`^/api/users${rest}`), service: 'storefront' },
  // The customers' expiring download links and the staff's signed file links.
  { pattern: new RegExp(`^/api/downloads${rest}`), service: 'ops' },
  // The legal pages' texts (Settings → Legal).
  { pattern: new RegExp(`^/api/legal${rest}`), service: 'ops' },
  { pattern: new RegExp(`^/api/${ADMIN_CONTENT}${rest}`), service: 'content' },
  { pattern: new RegExp(`^/api/admin/${ADMIN_CONTENT}${rest}`), service: 'content' },
  { pattern: new RegExp(`^/media${rest}`), service: 'content' },
  { pattern: new RegExp(`^/api/admin/${ADMIN_EMAIL}${rest}`), service: 'email' },
  { pattern: new RegExp(`^/e${rest}`), service: 'email' },
];

/** Finds the service that owns `method path`, or null when no service does. */
export function resolveService(method: string, path: string): ServiceName | null {
  for (const route of ROUTES) {
    if (route.methods && !route.methods.includes(method)) continue;
    if (route.pattern.test(path)) return route.service;
  }
  return null;
}
