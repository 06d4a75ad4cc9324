import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const FIXTURE = path.join(import.meta.dirname, 'fixtures/slow-server.ts');
let child: ChildProcess | undefined;
afterEach(() => child?.kill('SIGKILL'));

/** Starts the fixture; resolves with its port and a way to wait for a log message. */
async function startServer(deadlineMs: number) {
  // Node itself runs the fixture (tsx as a loader), so SIGTERM reaches the server. The tsx command
  // relays signals to a child of its own and SIGKILLs it when the child has not acknowledged one
  // within 2 x 30 ms: on a loaded machine the server then died without 'shutting down' and the test hung.
  child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
    cwd: ROOT,
    env: { ...process.env, DEADLINE_MS: String(deadlineMs), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const seen: { msg: string; port?: number }[] = [];
  const waiters: { msg: string; resolve: (line: { port?: number }) => void }[] = [];
  createInterface({ input: child.stdout! }).on('line', (text) => {
    let line: { msg: string; port?: number };
    try {
      line = JSON.parse(text);
    } catch {
      return;
    }
    seen.push(line);
    for (const w of waiters.filter((w) => w.msg === line.msg)) w.resolve(line);
  });
  const logged = (msg: string) =>
    new Promise<{ port?: number }>((resolve) => {
      const found = seen.find((l) => l.msg === msg);
      if (found) resolve(found);
      else waiters.push({ msg, resolve });
    });
  const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
  const { port } = await logged('port');
  return { port: port!, logged, exited, seen };
}

/** Starts a POST whose body the test sends in parts; resolves the response body when it ends. */
function openUpload(port: number) {
  const req = request({
    host: '127.0.0.1',
    port,
    path: '/upload',
    method: 'POST',
    headers: { 'content-length': '2000000' },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  return { req, response };
}

describe('runServer shutdown', () => {
  it('lets a request in flight finish after SIGTERM, then exits even though onClose hangs', async () => {
    const server = await startServer(4_000);
    const upload = openUpload(server.port);
    upload.req.write(Buffer.alloc(1_000_000, 1));
    await server.logged('request');
    child!.kill('SIGTERM');
    await server.logged('shutting down');
    upload.req.end(Buffer.alloc(1_000_000, 2));
    expect(await upload.response).toEqual({ status: 200, body: JSON.stringify({ bytes: 2_000_000 }) });
    // onClose never settles: only the deadline ends the process, with a failure code.
    expect(await server.exited).toBe(1);
    expect(server.seen.map((l) => l.msg)).toContain('onClose did not finish in time');
  });

  it('cuts a request that does not finish by the deadline and exits', async () => {
    const server = await startServer(1_500);
    const upload = openUpload(server.port);
    upload.req.write(Buffer.alloc(1000, 1));
    await server.logged('request');
    const cut = upload.response.then(
      () => 'answered',
      () => 'cut',
    );
    child!.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(await cut).toBe('cut');
    expect(server.seen.map((l) => l.msg)).toContain(
      'requests still running at the deadline; closing their connections',
    );
  });
});
