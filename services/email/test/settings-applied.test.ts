// The settings an admin saves decide how mail goes out: through the saved SMTP relay (with its login)
// or, with no host saved, through SMTP_URL; the notification switches drop their mails; and every mail
// names the studio and its support address as Settings → General says.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { DEFAULT_EMAIL_SETTINGS, DEFAULT_GENERAL_SETTINGS, type EmailSettings } from '@mastering/contracts';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { createQueue, JOBS, SendEmailPayload, startProducer, type Job, type Queue } from '@mastering/jobs';
import { createKeyring, createLogger, sealSmtpPassword } from '@mastering/service-kit';
import { createSettingsMailer, smtpCheckOf, type Mailer } from '../src/mail/mailer';
import { sendEmailJob } from '../src/jobs/send-email';
import { renderTemplate } from '../src/mail/templates';
import { smtpSink, type SmtpSink } from './support';

let db: TestDatabase;
let fallback: SmtpSink;
let relay: SMTPServer;
let relayPort: number;
// What the relay accepted, with the login it accepted (onAuth checks the password).
const relayed: { user: string; to: string }[] = [];
let queue: Queue;

beforeAll(async () => {
  db = await createTestDatabase();
  fallback = await smtpSink();
  // The admin's relay: it requires a login (over plain SMTP here, as a local relay may).
  relay = new SMTPServer({
    closeTimeout: 100, // as the sink's: do not wait 30 s for pooled connections at the end
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret') return callback(null, { user: auth.username });
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        relayed.push({ user: String(session.user), to: session.envelope.rcptTo[0]!.address });
        callback();
      });
    },
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', () => r()));
  relayPort = (relay.server.address() as AddressInfo).port;
  queue = createQueue({ connectionString: db.connectionString, name: 'smtp-settings-test' });
  await startProducer(queue);
});
afterAll(async () => {
  await queue?.stop();
  await new Promise<void>((r) => relay?.close(() => r()));
  await fallback?.close();
  await db?.destroy();
});

// The secret ops sealed the password with has since been rotated: the worker holds it as a previous key.
const OPS_SECRET = 'k'.repeat(40);
const keys = createKeyring('n'.repeat(40), [OPS_SECRET]);
const sealed = (password: string) => sealSmtpPassword(OPS_SECRET, '127.0.0.1', password);
// The test relay offers no STARTTLS: the admin exempted its host.
const plainRelay = () => ({
  smtpHost: '127.0.0.1',
  smtpPort: relayPort,
  smtpUser: 'mailer',
  smtpPlaintextHost: '127.0.0.1',
});

const saveEmail = (email: Partial<EmailSettings>) =>
  db
    .knex('settings')
    .insert({ key: 'email', value: JSON.stringify({ ...DEFAULT_EMAIL_SETTINGS, ...email }) })
    .onConflict('key')
    .merge();
const mail = (to: string) => ({
  to,
  from: 'studio@example.com',
  subject: 'Hello',
  html: '<p>Hello</p>',
  text: 'Hello',
});

describe('a mailer that follows the Email settings', () => {
  let mailer: Mailer;
  afterAll(() => mailer?.close());

  it('sends through SMTP_URL until a host is saved, then through that relay with its login, and back', async () => {
    mailer = createSettingsMailer(db.knex, fallback.url, { keys });
    await mailer.send(mail('one@example.com'));
    expect(fallback.to('one@example.com')).toHaveLength(1);

    await saveEmail({ ...plainRelay(), smtpPassword: sealed('s3cret') });
    await mailer.send(mail('two@example.com'));
    expect(relayed).toEqual([{ user: 'mailer', to: 'two@example.com' }]);
    expect(fallback.to('two@example.com')).toHaveLength(0);
    expect(mailer.describe()).toEqual({ host: '127.0.0.1', port: relayPort });

    // A wrong password is the relay's answer, not a silent fallback.
    await saveEmail({ ...plainRelay(), smtpPassword: sealed('wrong') });
    await expect(mailer.send(mail('three@example.com'))).rejects.toThrow(/Invalid username or password/);
    await expect(mailer.verify()).rejects.toThrow(/Invalid username or password/);

    await saveEmail({ smtpHost: '' });
    await mailer.send(mail('four@example.com'));
    expect(fallback.to('four@example.com')).toHaveLength(1);
    expect(relayed).toHaveLength(1);
  });

  it('requires STARTTLS unless the exemption names the saved host, and says only "TLS failed"', async () => {
    mailer = createSettingsMailer(db.knex, fallback.url, { keys });
    await saveEmail({ ...plainRelay(), smtpPassword: sealed('s3cret'), smtpPlaintextHost: '' });
    const noTls = await mailer.verify().catch((err: unknown) => err);
    expect(smtpCheckOf(noTls)).toBe('TLS failed');
    // An exemption saved for another host (the relay was pointed elsewhere since) does not apply.
    await saveEmail({ ...plainRelay(), smtpPassword: sealed('s3cret'), smtpPlaintextHost: 'old-relay.example' });
    await expect(mailer.send(mail('five@example.com'))).rejects.toMatchObject({ code: 'ETLS' });
    await saveEmail({ ...plainRelay(), smtpPassword: sealed('s3cret'), smtpPlaintextHost: '127.0.0.1' });
    await mailer.send(mail('five@example.com'));
    expect(relayed.at(-1)).toEqual({ user: 'mailer', to: 'five@example.com' });
    // A password sealed for another host never opens for this one.
    await saveEmail({ ...plainRelay(), smtpPassword: sealSmtpPassword(OPS_SECRET, 'evil.example', 's3cret') });
    await expect(mailer.send(mail('six@example.com'))).rejects.toThrow();
    expect(relayed.map((r) => r.to)).not.toContain('six@example.com');
  });
});

describe('the notification switches', () => {
  const sent: string[] = [];
  const recorder: Mailer = {
    async send(m) {
      sent.push(m.subject);
      return { messageId: `<${sent.length}@test>` };
    },
    async verify() {},
    describe: () => ({ host: 'test', port: 25 }),
    close: () => undefined,
  };
  const handler = () =>
    sendEmailJob({
      knex: db.knex,
      mailer: recorder,
      from: 'x@example.com',
      logger: createLogger('switch-test', 'silent'),
    }).handler;
  const run = async (template: string, data: Record<string, unknown>) => {
    const job = queue.create(JOBS.sendEmail, SendEmailPayload.parse({ to: 'artist@example.com', template, data }));
    job.disable();
    await job.save();
    await handler()(job as Job<SendEmailPayload>);
    return db
      .knex('email_messages')
      .where({ jobId: String(job.attrs._id) })
      .first();
  };
  const order = {
    customerName: 'Thandi',
    customerEmail: 'artist@example.com',
    orderId: '7d0f2c4e-0000-4000-8000-000000000001',
    trackTitle: 'Song.wav',
  };

  it('drop order confirmations and status updates that are switched off, and nothing else', async () => {
    await saveEmail({ orderConfirmationEmails: false, statusUpdateEmails: false });
    expect(await run('order-confirmation', { ...order, amount: 'R 324.35' })).toBeUndefined();
    expect(await run('mastering-started', { ...order, estimatedCompletion: new Date().toISOString() })).toBeUndefined();
    expect(sent).toEqual([]);
    // The delivery of the master is the product itself: it always goes.
    expect(await run('mastering-complete', { ...order, downloadUrl: 'http://x.test/download/t' })).toMatchObject({
      status: 'sent',
    });

    await saveEmail({ orderConfirmationEmails: true, statusUpdateEmails: true });
    expect(await run('order-confirmation', { ...order, amount: 'R 324.35' })).toMatchObject({ status: 'sent' });
    expect(await run('mastering-started', { ...order, estimatedCompletion: new Date().toISOString() })).toMatchObject({
      status: 'sent',
    });
    expect(sent).toHaveLength(3);
  });
});

describe('the studio named in every mail', () => {
  it("is the General settings' site name and support address (the contact address when no support one is set)", async () => {
    const data = {
      customerEmail: 'a@example.com',
      customerName: 'Thandi',
      orderId: '7d0f2c4e-0000-4000-8000-000000000001',
      trackTitle: 'Song.wav',
      amount: 324.35,
    };
    const save = (general: object) =>
      db
        .knex('settings')
        .insert({ key: 'general', value: JSON.stringify({ ...DEFAULT_GENERAL_SETTINGS, ...general }) })
        .onConflict('key')
        .merge();
    await save({ siteName: 'Studio Jozi', contactEmail: 'hello@jozi.example', supportEmail: '' });
    let { mail } = await renderTemplate(db.knex, 'order-confirmation', data);
    expect(mail.text).toContain('The Studio Jozi team');
    expect(mail.html).toContain('Studio Jozi · Online audio mastering');
    expect(mail.html).toContain('mailto:hello@jozi.example');
    await save({ siteName: 'Studio Jozi', contactEmail: 'hello@jozi.example', supportEmail: 'help@jozi.example' });
    ({ mail } = await renderTemplate(db.knex, 'order-confirmation', data));
    expect(mail.html).toContain('mailto:help@jozi.example');
    expect(mail.html).not.toContain('Mastering Studio');
  });
});
