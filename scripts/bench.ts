// `npm run bench`: speed and memory figures that tests must not depend on.
// 1. A 500 MB upload streamed through the real gateway process: throughput and the gateway's peak
//    memory (VmHWM), which must stay far below the body size.
// 2. Latency of small requests through the gateway (`/mf/remotes.json` and a proxied API call).
import { spawn } from 'node:child_process';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { ROOT } from './lib/paths';
import { bundleServices, serviceCommand } from './lib/services';

const MB = 1024 * 1024;
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 500);

const sink = createServer((req, res) => {
  let bytes = 0;
  req.on('data', (c: Buffer) => (bytes += c.length));
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ bytes }));
  });
});
await new Promise<void>((r) => sink.listen(0, '127.0.0.1', () => r()));
const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;

const port = 18990;
await bundleServices(['gateway']);
const { command, args } = serviceCommand('gateway');
const gateway = spawn(command, args, {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    // No request here carries a session cookie, so the database is never contacted.
    DATABASE_URL: 'postgres://bench@127.0.0.1:1/bench',
    IDENTITY_SECRET: 'b'.repeat(40),
    STOREFRONT_URL: sinkUrl,
    OPS_URL: sinkUrl,
    CONTENT_URL: sinkUrl,
    EMAIL_URL: sinkUrl,
    LOG_LEVEL: 'silent',
  },
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/mf/remotes.json`)).ok) break;
  } catch {}
  if (i > 300) throw new Error('gateway did not start');
  await new Promise((r) => setTimeout(r, 100));
}

/** The gateway process's peak resident memory so far, in MB. */
function gatewayPeakRssMb(): number {
  return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${gateway.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

const before = gatewayPeakRssMb();
const started = performance.now();
const uploaded = await new Promise<number>((resolve, reject) => {
  const req = request(`${base}/api/files/upload`, { method: 'POST', headers: { 'content-type': 'audio/wav', 'content-length': String(UPLOAD_MB * MB) } }, (res) => {
    let body = '';
    res.on('data', (d) => (body += d));
    res.on('end', () => resolve(JSON.parse(body).bytes));
  });
  req.on('error', reject);
  const block = Buffer.alloc(MB, 3);
  let written = 0;
  const pump = () => {
    while (written < UPLOAD_MB) {
      written++;
      if (!req.write(block)) return void req.once('drain', pump);
    }
    req.end();
  };
  pump();
});
const seconds = (performance.now() - started) / 1000;
if (uploaded !== UPLOAD_MB * MB) throw new Error(`sink received ${uploaded} bytes`);
const peak = gatewayPeakRssMb();

async function latency(path: string, n = 1000) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`);
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(n * 0.5)].toFixed(2), p99: times[Math.floor(n * 0.99)].toFixed(2) };
}
const remotes = await latency('/mf/remotes.json');
const proxied = await latency('/api/config');

console.log(`upload through gateway: ${UPLOAD_MB} MB in ${seconds.toFixed(2)} s = ${(UPLOAD_MB / seconds).toFixed(0)} MB/s`);
console.log(`gateway peak RSS: ${peak.toFixed(0)} MB (before upload ${before.toFixed(0)} MB; body was ${UPLOAD_MB} MB)`);
console.log(`GET /mf/remotes.json: p50 ${remotes.p50} ms, p99 ${remotes.p99} ms (1000 sequential)`);
console.log(`GET /api/config proxied: p50 ${proxied.p50} ms, p99 ${proxied.p99} ms (1000 sequential)`);

gateway.kill('SIGTERM');
sink.close();
process.exit(0);
