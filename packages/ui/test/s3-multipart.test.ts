// The direct-upload client's decisions, on a scripted network (an injected fetch): which failures it tries
// again, and when it stops. The whole flow over real HTTP is services/storefront/test/uploads/direct-s3.test.ts.
import { describe, expect, it } from 'vitest';
import { DirectUploadError, sendDirectParts } from '../src/api/s3-multipart';

const file = Object.assign(new Blob([new Uint8Array(20)]), { name: 'a.wav' });
const plan = { partSize: 8, partCount: 3 };

/** A network where the storefront signs and completes, and `putPart` decides each part PUT's answer. */
function network(putPart: (partNumber: number, attempt: number) => Response | Error) {
  const attempts = new Map<number, number>();
  const calls: string[] = [];
  /** The part numbers of each call to sign, in order. */
  const signed: number[][] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://site');
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    if (url.pathname.endsWith('/sign')) {
      const { partNumbers } = JSON.parse(String(init?.body)) as { partNumbers: number[] };
      signed.push(partNumbers);
      return Response.json({
        urls: partNumbers.map((n) => ({ partNumber: n, url: `http://bucket/p?partNumber=${n}` })),
      });
    }
    if (url.pathname.endsWith('/complete')) return Response.json({ objectPath: '/objects/x', size: 20 });
    if (url.pathname.endsWith('/multipart')) return Response.json({ parts: null });
    const n = Number(url.searchParams.get('partNumber'));
    const attempt = (attempts.get(n) ?? 0) + 1;
    attempts.set(n, attempt);
    const answer = putPart(n, attempt);
    if (answer instanceof Error) throw answer;
    return answer;
  }) as typeof globalThis.fetch;
  return { fetch, attempts, calls, signed };
}

const ok = (n: number) => new Response(null, { status: 200, headers: { etag: `"e${n}"` } });
const send = (fetch: typeof globalThis.fetch, retryDelaysMs = [0, 0]) =>
  sendDirectParts(file, '/uploads/u', plan, () => undefined, {
    base: 'http://site',
    fetch,
    retryDelaysMs,
    sleep: async () => undefined,
    concurrency: 1,
  });

describe('the direct-upload client', () => {
  it('completes with every part and its ETag, in order', async () => {
    const net = network((n) => ok(n));
    await expect(send(net.fetch)).resolves.toEqual({ objectPath: '/objects/x', size: 20 });
    expect(Object.fromEntries(net.attempts)).toEqual({ 1: 1, 2: 1, 3: 1 });
    expect(net.calls.at(-1)).toBe('POST /uploads/u/multipart/complete');
  });

  it('tries a dropped part again after each delay, and fails once they are spent', async () => {
    const net = network((n) => (n === 2 ? new TypeError('fetch failed') : ok(n)));
    await expect(send(net.fetch, [0, 0])).rejects.toThrow('fetch failed');
    expect(net.attempts.get(2)).toBe(3);
    expect(net.calls).not.toContain('POST /uploads/u/multipart/complete');
  });

  it('has the parts signed a batch at a time, and a part sent again signed anew', async () => {
    const net = network((n, attempt) => (n === 2 && attempt === 1 ? new TypeError('fetch failed') : ok(n)));
    await expect(send(net.fetch)).resolves.toEqual({ objectPath: '/objects/x', size: 20 });
    // One call for the three parts; part 2's URL was spent on the dropped PUT, so its second try asks again.
    expect(net.signed).toEqual([[1, 2, 3], [2]]);
    expect(Object.fromEntries(net.attempts)).toEqual({ 1: 1, 2: 2, 3: 1 });
  });

  it('with every part in flight at once, sends again only the part whose connection dropped', async () => {
    const net = network((n, attempt) => (n === 2 && attempt === 1 ? new TypeError('fetch failed') : ok(n)));
    const progress: number[] = [];
    await sendDirectParts(file, '/uploads/u', plan, (sent) => progress.push(sent), {
      base: 'http://site',
      fetch: net.fetch,
      retryDelaysMs: [0],
      sleep: async () => undefined,
      concurrency: 3,
    });
    expect(Object.fromEntries(net.attempts)).toEqual({ 1: 1, 2: 2, 3: 1 });
    expect(net.signed).toEqual([[1, 2, 3], [2]]);
    // The bytes of parts 1 and 3 counted once, part 2's once it arrived: 20 in all, never more.
    expect(Math.max(...progress)).toBe(20);
    expect(progress.at(-1)).toBe(20);
  });

  it('does not try again what the storage refused (an expired part URL)', async () => {
    const net = network((n) => (n === 1 ? new Response('<Error/>', { status: 403 }) : ok(n)));
    await expect(send(net.fetch)).rejects.toBeInstanceOf(DirectUploadError);
    expect(Object.fromEntries(net.attempts)).toEqual({ 1: 1 });
  });

  it('refuses a part answered without its ETag (the bucket does not expose it by CORS)', async () => {
    const net = network(() => new Response(null, { status: 200 }));
    await expect(send(net.fetch)).rejects.toThrow('The storage answered no ETag');
  });
});
