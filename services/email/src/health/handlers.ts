import type { RouteContext } from '@mastering/service-kit';
import type { Mailer } from '../mail/mailer';

/** GET /api/admin/email-health — staff; checks the SMTP connection (healthy means it answers). */
export const emailHealth = (mailer: Mailer) => async (ctx: RouteContext) => {
  const smtp = mailer.describe();
  try {
    await mailer.verify();
    ctx.body = { status: 'healthy', smtp: { ...smtp, connected: true } };
  } catch (err) {
    ctx.status = 503;
    ctx.body = { status: 'unhealthy', error: `SMTP is not reachable: ${(err as Error).message}`, smtp: { ...smtp, connected: false } };
  }
};
