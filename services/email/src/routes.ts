import { requireRole, STAFF, type Router } from '@mastering/service-kit';
import type { Mailer } from './mail/mailer';
import { emailHealth } from './health/handlers';

/** The email service's route table, with the permission of each route. */
export function mountRoutes(router: Router, { mailer }: { mailer: Mailer }) {
  router.get('/api/admin/email-health', requireRole(...STAFF), emailHealth(mailer)); // staff
}
