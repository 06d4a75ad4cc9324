// The email health check and the test mail say only reachable / refused / TLS failed / timed out:
// never the server's own banner or reply, so pointing the relay at any host:port reads nothing of it.
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailHealth } from '@mastering/contracts';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { createQueue, type Queue } from '@mastering/jobs';
import { createLogger } from '@mastering/service-kit';
import { buildApp } from '../../src/app';
import { readConfig } from '../../src/config';
import { createMailer, smtpCheckOf } from '../../src/mail/mailer';
import { call, PUBLIC_URL, SECRET, smtpSink, type SmtpSink } from '../support';

const BANNER = 'SSH-2.0-OpenSSH_9.2 internal-build-host';

describe('smtpCheckOf', () => {
  it.each([
    [{ code: 'ETIMEDOUT', message: 'Greeting never received' }, 'timed out'],
    [{ code: 'ETLS', message: 'Error upgrading connection with STARTTLS: 500 secret words' }, 'TLS failed'],
    [{ code: 'ESOCKET', message: 'certificate has expired' }, 'TLS failed'],
    [{ code: 'ESOCKET', message: 'x', reason: 'wrong version number' }, 'TLS failed'],
    [{ code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:1' }, 'refused'],
    [{ code: 'EPROTOCOL', message: `Invalid greeting. response=${BANNER} (ssl tls certificate)` }, 'refused'],
    [{ code: 'EAUTH', message: '535 Invalid login', responseCode: 535 }, 'refused'],
    [new Error('anything'), 'refused'],
  ])('%j is %s', (err, check) => {
    expect(smtpCheckOf(err)).toBe(check);
  });
});

describe('GET /api/admin/email-health', () => {
  let db: TestDatabase;
  let queue: Queue;
  let sink: SmtpSink;
  let banner: TcpServer;
  const servers: Server[] = [];

  /** The email API whose mailer points at `smtpUrl`, answering the health check as an admin. */
  async function healthThrough(smtpUrl: string) {
    const config = readConfig({
      DATABASE_URL: db.connectionString,
      IDENTITY_SECRET: SECRET,
      SMTP_URL: smtpUrl,
      PUBLIC_URL,
    });
    const server = createServer(
      buildApp({
        config,
        knex: db.knex,
        mailer: createMailer(smtpUrl),
        queue,
        logger: createLogger('health-test', 'silent'),
      }).callback(),
    );
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    return call(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'GET', '/api/admin/email-health', {
      role: 'admin',
    });
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    queue = createQueue({ connectionString: db.connectionString, name: 'health-test' });
    sink = await smtpSink();
    banner = createTcpServer((socket) => socket.end(`${BANNER}\r\n`));
    await new Promise<void>((r) => banner.listen(0, '127.0.0.1', () => r()));
  });
  afterAll(async () => {
    for (const server of servers) server.close();
    banner?.close();
    await sink?.close();
    await queue?.stop();
    await db?.destroy();
  });

  it('is reachable for an SMTP server', async () => {
    const res = await healthThrough(sink.url);
    expect(res.status).toBe(200);
    expect(EmailHealth.parse(res.json)).toMatchObject({ status: 'healthy', check: 'reachable' });
  });

  it('is refused, with none of its words, for a server that is not SMTP', async () => {
    const res = await healthThrough(`smtp://127.0.0.1:${(banner.address() as AddressInfo).port}`);
    expect(res.status).toBe(503);
    expect(EmailHealth.parse(res.json)).toMatchObject({ status: 'unhealthy', check: 'refused', error: 'SMTP refused' });
    expect(res.text).not.toMatch(/SSH|OpenSSH|internal-build-host|greeting/i);
  });
});
