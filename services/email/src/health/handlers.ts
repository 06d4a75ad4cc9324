import type { RouteContext } from '@mastering/service-kit';
import type { Mailer } from '../mail/mailer';

/** GET /api/admin/email-health — staff; checks the SMTP connection (healthy means it answers). */
export const emailHealth = (mailer: Mailer) => async (ctx: RouteContext) => {
  try {
    await mailer.verify();
    const smtp = mailer.describe();
    ctx.body = { status: 'healthy', smtp: { ...smtp, connected: true } };
  } catch (err) {
    ctx.status = 503;
    // Described after the try: verify chooses the relay (the saved settings' or SMTP_URL) before connecting.
    const smtp = mailer.describe();
    ctx.body = { status: 'unhealthy', error: `SMTP is not reachable: ${(err as Error).message}`, smtp: { ...smtp, connected: false } };
  }
};
