import { route, type RouteTable } from '@mastering/service-kit';
import type { Mailer } from './mail/mailer';
import { emailHealth } from './health/handlers';

/** The email service's route table, with the permission of each route. */
export const routes = ({ mailer }: { mailer: Mailer }): RouteTable => [
  route({ method: 'GET', path: '/api/admin/email-health', permission: 'admin', handler: emailHealth(mailer) }),
];
