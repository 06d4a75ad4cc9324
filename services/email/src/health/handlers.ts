import type { RouteContext } from '@mastering/service-kit';
import { smtpCheckOf, type Mailer } from '../mail/mailer';

/**
 * GET /api/admin/email-health — admin; checks the SMTP connection: reachable, else refused, TLS failed
 * or timed out (never the server's own words: its banner would make this a port scanner).
 */
export const emailHealth = (mailer: Mailer) => async (ctx: RouteContext) => {
  const started = performance.now();
  const latencyMs = () => Math.max(0, Math.round(performance.now() - started));
  try {
    await mailer.verify();
    const smtp = mailer.describe();
    ctx.body = { status: 'healthy', check: 'reachable', smtp: { ...smtp, connected: true }, latencyMs: latencyMs() };
  } catch (err) {
    ctx.status = 503;
    // Described after the try: verify chooses the relay (the saved settings' or SMTP_URL) before connecting.
    const smtp = mailer.describe();
    const check = smtpCheckOf(err);
    ctx.body = {
      status: 'unhealthy',
      check,
      error: `SMTP ${check}`,
      smtp: { ...smtp, connected: false },
      latencyMs: latencyMs(),
    };
  }
};
