import { mkdtempSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createKnex, freePort, migrateLatest, seed, startEmbeddedPostgres } from '@mastering/db';
import { createStorage } from '@mastering/storage';
import { bundleServices, serviceCommand } from './lib/services';
import { ROOT } from './lib/paths';
const dir = mkdtempSync(path.join(tmpdir(), 'perf-')); chmodSync(dir, 0o755);
const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort(), durable: false, log: () => {} });
const knex = createKnex(pg.connectionString); await migrateLatest(knex);
await seed(knex, { storage: createStorage({ driver: 'local', root: path.join(dir, 's') }) }); await knex.destroy();
await bundleServices(['content', 'gateway']);
const cport = await freePort(), gport = await freePort();
const env = { ...process.env, DATABASE_URL: pg.connectionString, IDENTITY_SECRET: 'p'.repeat(40), LOG_LEVEL: process.env.GW_LOG ?? 'info', STORAGE_DIR: path.join(dir, 's') };
const c = spawn(serviceCommand('content').command, serviceCommand('content').args, { cwd: ROOT, env: { ...env, PORT: String(cport) }, stdio: 'ignore' });
const g = spawn(serviceCommand('gateway').command, serviceCommand('gateway').args, { cwd: ROOT, env: { ...env, PORT: String(gport), HOST: '127.0.0.1', CONTENT_URL: `http://127.0.0.1:${cport}` }, stdio: 'ignore' });
for (;;) { try { if ((await fetch(`http://127.0.0.1:${gport}/api/showcase-tracks`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 200)); }
async function seq(url: string) { const t: number[] = []; for (let i = 0; i < 300; i++) { const t0 = performance.now(); await (await fetch(url)).arrayBuffer(); t.push(performance.now() - t0); } t.sort((a, b) => a - b); return `p50 ${t[150].toFixed(2)} p99 ${t[297].toFixed(2)}`; }
console.log('seq direct', await seq(`http://127.0.0.1:${cport}/api/showcase-tracks`));
console.log('seq gateway', await seq(`http://127.0.0.1:${gport}/api/showcase-tracks`));
console.log('seq direct', await seq(`http://127.0.0.1:${cport}/api/showcase-tracks`));
console.log('seq gateway', await seq(`http://127.0.0.1:${gport}/api/showcase-tracks`));
const run = (url: string) => new Promise<string>((res) => { const p = spawn('/tmp/ac/node_modules/.bin/autocannon', ['-c', '50', '-d', '8', '-j', url]); let o = ''; p.stdout.on('data', (d) => (o += d)); p.on('exit', () => res(o)); });
for (const [name, url] of [['warm', `http://127.0.0.1:${gport}/api/showcase-tracks`], ['direct', `http://127.0.0.1:${cport}/api/showcase-tracks`], ['gateway', `http://127.0.0.1:${gport}/api/showcase-tracks`]]) {
  const r = JSON.parse(await run(url)); console.log(name, 'req/s', r.requests.average, 'p99', r.latency.p99, 'non2xx', r.non2xx);
}
c.kill(); g.kill('SIGTERM'); await new Promise((r) => g.once('exit', r)); await pg.stop(); process.exit(0);
