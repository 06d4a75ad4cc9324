// `npm run bench:lighthouse`: Lighthouse's mobile performance of the storefront's first-visit pages (issue 28
// aims at >= 95 on `/`, `/upload` and an order page). Starts the site on free ports, pays for an order
// through the public API and the local Yoco sandbox (the order page needs a paid order and its signed
// link), then runs Lighthouse (mobile preset: simulated slow 4G and a 4x slower CPU) with Debian's
// Chromium RUNS times per page and prints the median of each figure. Lighthouse itself is not a
// dependency of the project (200 packages for one benchmark): npx fetches the pinned version from the
// npm registry the first time. The figures depend on the machine and its load: compare runs made back
// to back (`npm run bench:lighthouse` on two checkouts), never across machines.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { computePricing, pricingForApi, SiteConfig } from '@mastering/contracts';
import { createOrderLinks, orderPageUrl } from '@mastering/service-kit';
import { sine, wav } from '@mastering/audio-analysis/testing';
import { oneTrackOrder } from '../lib/site-client';
import { startThrowawayStack } from '../lib/throwaway-stack';

/** Issue 28's aim for each page's performance score. */
const SCORE_AIM = 95;
const LIGHTHOUSE = 'lighthouse@12.8.2';
const RUNS = Number(process.env.RUNS ?? 3);
/**
 * The order's track: ten seconds of a tone at a mix's loudness, so the analysis passes it and the page is
 * the one most customers see (e2e's 0.1 s fixture is flagged as too short: the page then offers Replace
 * file and loads its uploader).
 */
const TRACK = wav(sine(-14), 10);
const REPORTS = process.env.LIGHTHOUSE_REPORTS;

const run = promisify(execFile);
const site = await startThrowawayStack('mastering-lighthouse', () => undefined);
try {
  const siteUrl = site.stack.siteUrl;
  const pages = {
    '/': `${siteUrl}/`,
    '/upload': `${siteUrl}/upload`,
    '/orders/:id': await paidOrderPage(siteUrl, site.env.IDENTITY_SECRET!),
  };
  console.log(`Lighthouse ${LIGHTHOUSE.split('@')[1]}, mobile preset, median of ${RUNS} runs per page`);
  console.log(
    `load average before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  console.log('page          score   FCP ms   LCP ms   TBT ms    SI ms    CLS');
  const scores: number[] = [];
  const explained: string[] = [];
  for (const [name, url] of Object.entries(pages)) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) {
      const report = `${name.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${i + 1}.json`;
      runs.push(await withRetries(() => lighthouse(url, report), name));
    }
    const m = (key: Exclude<keyof Figures, 'why'>) => median(runs.map((r) => r[key]));
    scores.push(m('score'));
    explained.push(explain(name, runs.find((run) => run.score === m('score'))!.why));
    console.log(
      [
        name.padEnd(12),
        String(m('score')).padStart(6),
        ...(['fcp', 'lcp', 'tbt', 'si'] as const).map((key) => String(Math.round(m(key))).padStart(8)),
        m('cls').toFixed(3).padStart(7),
      ].join(' '),
    );
  }
  console.log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  console.log('where the time goes (the run with the median score; blocking = the part of each task over 50 ms):');
  for (const lines of explained) console.log(lines);
  const lowest = Math.min(...scores);
  console.log(
    `aim (issue 28): every page >= ${SCORE_AIM}: ${lowest >= SCORE_AIM ? 'met' : 'missed'} (lowest ${lowest})`,
  );
} finally {
  await site.stop();
}

type Figures = { score: number; fcp: number; lcp: number; tbt: number; si: number; cls: number; why: Why };

/**
 * What a run's LCP and TBT are made of: the LCP element and when the trace saw it painted (Lighthouse's LCP is
 * simulated on slow 4G and also counts the requests started before that paint), and the blocking time by script.
 */
type Why = { lcpElement: string; paintedAt: number; blocking: [script: string, ms: number][] };

/** Two lines about `page`'s run: its LCP element and paint, and its blocking time by script, most first. */
function explain(page: string, { lcpElement, paintedAt, blocking }: Why): string {
  const scripts = blocking.map(([script, ms]) => `${script} ${Math.round(ms)}`).join(', ');
  return `  ${page.padEnd(12)} LCP element "${lcpElement}", painted at ${Math.round(paintedAt)} ms in the trace\n  ${''.padEnd(12)} blocking by script (ms): ${scripts || 'none'}`;
}

/**
 * One Lighthouse run of `url` (performance only, mobile preset), its score and the metrics it is made of;
 * the whole report is kept as `reportName` in LIGHTHOUSE_REPORTS when that is set.
 */
async function lighthouse(url: string, reportName: string): Promise<Figures> {
  const { stdout } = await run(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--chrome-flags=--headless --no-sandbox --disable-gpu',
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
    ],
    { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, maxBuffer: 1 << 28 },
  );
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(path.join(REPORTS, reportName), stdout);
  }
  const report = JSON.parse(stdout) as Report;
  const metric = (id: string) => report.audits[id]!.numericValue;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    si: metric('speed-index'),
    cls: metric('cumulative-layout-shift'),
    why: whyOf(report),
  };
}

/** The part of a Lighthouse report this bench reads. */
type Report = {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue: number; details?: { items?: Record<string, unknown>[] } }>;
};

/** A report's LCP element, when the trace saw it painted, and its long tasks' blocking time by script. */
function whyOf(report: Report): Why {
  const items = (id: string) => report.audits[id]?.details?.items ?? [];
  const lcpNode = (items('largest-contentful-paint-element')[0]?.items as { node?: { nodeLabel?: string } }[])?.[0]
    ?.node;
  const blocking = new Map<string, number>();
  for (const task of items('long-tasks') as { url: string; duration: number }[]) {
    const file = task.url.split('?')[0]!;
    // Tasks of no script are the document's own (parsing, style, layout) or ones Chromium could not attribute.
    const script = file.endsWith('.js')
      ? file.split('/').pop()!
      : task.url === 'Unattributable'
        ? 'unattributable'
        : 'document';
    blocking.set(script, (blocking.get(script) ?? 0) + Math.max(0, task.duration - 50));
  }
  const observed = items('metrics')[0] as { observedLargestContentfulPaint?: number } | undefined;
  return {
    lcpElement: (lcpNode?.nodeLabel ?? 'none').slice(0, 50),
    paintedAt: observed?.observedLargestContentfulPaint ?? Number.NaN,
    blocking: [...blocking].filter(([, ms]) => ms > 0).sort((a, b) => b[1] - a[1]),
  };
}

/**
 * Lighthouse on this kind of machine sometimes fails to record its trace ("NO_NAVSTART", seen 3 times in
 * about 20 runs of unchanged pages): such a run is made again, at most twice, and says so.
 */
async function withRetries(measure: () => Promise<Figures>, page: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure();
    } catch (err) {
      const reason = /Runtime error encountered: (.*)/.exec(String((err as { stderr?: string }).stderr))?.[1];
      if (!reason || attempt > 2) throw err;
      console.log(`  (${page}: Lighthouse failed to measure, run again: ${reason})`);
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * A guest's paid order, as `npm run bench:load` makes them (an upload, the order, a checkout paid on the
 * sandbox's hosted page), and the signed link of its order page that the confirmation mail carries.
 */
async function paidOrderPage(siteUrl: string, identitySecret: string): Promise<string> {
  const cookies: string[] = [];
  const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(new URL(url, siteUrl), {
      method,
      headers: {
        cookie: cookies.join('; '),
        origin: siteUrl,
        ...(body && !(body instanceof Blob) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body instanceof Blob ? body : body ? JSON.stringify(body) : undefined,
      redirect: 'manual',
    });
    for (const cookie of res.headers.getSetCookie()) cookies.push(cookie.split(';')[0]!);
    if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res;
  };
  const track = new Blob([new Uint8Array(TRACK)]);
  const { uploadURL } = (await (await call('POST', '/api/files/upload')).json()) as { uploadURL: string };
  await call('PUT', uploadURL, track, { 'content-type': 'audio/wav' });
  const config = SiteConfig.parse(await (await call('GET', '/api/config')).json());
  const { order } = (await (
    await call(
      'POST',
      '/api/orders',
      oneTrackOrder(
        'lighthouse@example.com',
        'mix.wav',
        track.size,
        uploadURL,
        pricingForApi(computePricing(1, config)),
      ),
    )
  ).json()) as { order: { id: string } };
  const { redirectUrl } = (await (
    await call('POST', '/api/payment/create-checkout', { orderId: order.id })
  ).json()) as {
    redirectUrl: string;
  };
  // The hosted page's Pay button posts here; the sandbox then sends the signed webhook that marks the order paid.
  const paid = await fetch(`${redirectUrl}/pay`, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`the sandbox refused the payment: ${paid.status}`);
  const link = orderPageUrl(createOrderLinks(identitySecret), siteUrl, order.id);
  const view = `/api/orders/${order.id}/view?t=${new URL(link).searchParams.get('t')}`;
  for (let attempt = 0; attempt < 50; attempt++) {
    const { status } = (await (await call('GET', view)).json()) as { status: string };
    if (status !== 'pending_payment') return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the order was not marked paid within 10 s');
}
