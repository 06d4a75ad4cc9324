import nodemailer from 'nodemailer';

export type OutgoingMail = { to: string; from: string; subject: string; html: string; text: string; headers?: Record<string, string> };

/** True when the SMTP server refused the message for good (a 5xx reply): a bounce, not an outage. */
export const isPermanentRejection = (err: unknown) => {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/** The small mailer interface the worker and health check use; nodemailer over SMTP behind it. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  verify(): Promise<void>;
  describe(): { host: string; port: number };
}

/**
 * Creates a mailer for an SMTP URL (smtp:// or smtps://, credentials in the URL). `pool` keeps a few
 * connections open, which campaigns need for their rate.
 */
export function createMailer(smtpUrl: string, { pool = false, maxConnections = 5 }: { pool?: boolean; maxConnections?: number } = {}): Mailer {
  const transport = pool ? nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections, maxMessages: Infinity }) : nodemailer.createTransport(smtpUrl);
  // A pooled connection that drops is reported on the transport; the failing send already rejects, so
  // the event only needs a listener (without one it would end the process).
  transport.on('error', () => undefined);
  const url = new URL(smtpUrl);
  return {
    async send(mail) {
      const info = await transport.sendMail(mail);
      return { messageId: String(info.messageId) };
    },
    async verify() {
      await transport.verify();
    },
    describe: () => ({ host: url.hostname, port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)) }),
  };
}
