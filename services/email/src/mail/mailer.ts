import nodemailer from 'nodemailer';

export type OutgoingMail = { to: string; from: string; subject: string; html: string; text: string };

/** The small mailer interface the worker and health check use; nodemailer over SMTP behind it. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  verify(): Promise<void>;
  describe(): { host: string; port: number };
}

/** Creates a mailer for an SMTP URL (smtp:// or smtps://, credentials in the URL). */
export function createMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
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
