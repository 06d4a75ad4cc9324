// `npm run bench`'s upload figures for issue 53: a track sent straight to S3 the browser's way, against a
// plain PUT of the same bytes to the same S3 server and against today's upload through the gateway and the
// storefront; and what the local storage's fsyncs cost a 500 MB upload.
import { execFileSync, fork } from 'node:child_process';
import { once } from 'node:events';
import { openAsBlob } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { UploadUrlResponse } from '@mastering/contracts';
import { freePort } from '@mastering/db';
import { createLocalStorage, createS3Client, localObjectPath, syncToDisk } from '@mastering/storage';
import { sendToStorage } from '@mastering/ui/upload';
import { MB, median, processCpuTimes, timed, WAV_HEAD, writeFileOfBlocks } from '../lib/bench-harness';
import { bytesRead } from '../lib/proc-io';
import { serviceCommand } from '../lib/services';
import type { ProcessSpec } from '../lib/supervisor';

/** The local S3 in a process of its own (scripts/bench/s3-server.ts), its data under `folder`. */
export async function startBenchS3(folder: string) {
  const child = fork(new URL('./s3-server.ts', import.meta.url), [folder], { execArgv: ['--import', 'tsx'] });
  const [settings] = (await once(child, 'message')) as [Record<string, string>];
  return { settings, stop: () => child.kill() };
}

/**
 * A storefront on that S3 and a gateway in front of it, beside the bench's own stack (same database):
 * the site as `STORAGE_DRIVER=s3 npm start` runs it. Answers their specs (given the stack's settings)
 * and the gateway's address.
 */
export async function s3SiteProcesses(s3: Record<string, string>) {
  const [storefrontPort, gatewayPort] = [await freePort(), await freePort()];
  const storefront = `http://127.0.0.1:${storefrontPort}`;
  const specs = (env: Record<string, string>): ProcessSpec[] => [
    {
      name: 'storefront-s3',
      ...serviceCommand('storefront'),
      env: { ...env, ...s3, PORT: String(storefrontPort) },
      readyUrl: `${storefront}/healthz`,
    },
    {
      name: 'gateway-s3',
      ...serviceCommand('gateway'),
      env: { ...env, PORT: String(gatewayPort), STOREFRONT_URL: storefront },
      readyUrl: `http://127.0.0.1:${gatewayPort}/healthz`,
    },
  ];
  return { specs, site: `http://127.0.0.1:${gatewayPort}` };
}

const mbps = (mb: number, seconds: number) => `${(mb / seconds).toFixed(0)} MB/s`;

/**
 * Rounds of three uploads of one `mb` MB track to the same S3 server: direct (the browser's client code,
 * sendToStorage, from Node: begin, presigned parts 4 at a time, complete; through the gateway for the
 * JSON calls only), a plain presigned PUT of the same file (one request, the most one upload can reach),
 * and today's whole-body PUT through the gateway and the storefront (`proxied`, which streams it on to
 * the bucket). Prints every round, the medians, the direct/PUT ratio (aim >= 0.9x), and the bytes the
 * gateway and the storefront read meanwhile (/proc rchar: 0 of the file's for a direct upload).
 */
export async function benchDirectUploads(options: {
  site: string;
  s3: Record<string, string>;
  folder: string;
  mb: number;
  rounds: number;
  pids: { gateway: number; storefront: number };
  proxied: (site: string, mb: number) => Promise<void>;
  /** Parts in flight at once (default: the upload page's). */
  concurrency?: number;
}): Promise<void> {
  const { site, s3, mb, rounds, pids } = options;
  const track = path.join(options.folder, 'bench-direct.wav');
  await writeFileOfBlocks(track, mb, { head: WAV_HEAD });
  const file = Object.assign(await openAsBlob(track, { type: 'audio/wav' }), { name: 'bench.wav' }) as File;
  const client = await createS3Client({
    endpoint: s3.S3_ENDPOINT,
    region: s3.S3_REGION,
    accessKeyId: s3.S3_ACCESS_KEY_ID,
    secretAccessKey: s3.S3_SECRET_ACCESS_KEY,
    forcePathStyle: true,
  });
  /** Sends `body` directly; answers when its last part was stored (the rest is the S3 server joining them). */
  const direct = async (body: File) => {
    const opened = await fetch(`${site}/api/files/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    const { uploadURL } = UploadUrlResponse.parse(await opened.json());
    let partsStored = 0;
    const onProgress = (sent: number, total: number) => {
      if (sent === total) partsStored = performance.now();
    };
    await sendToStorage(body, uploadURL, onProgress, { base: site, concurrency: options.concurrency }).done;
    return partsStored;
  };
  // A small upload first, so no round pays for a service's first use of the AWS SDK (loading it reads MBs).
  await direct(
    Object.assign(new Blob([WAV_HEAD, Buffer.alloc(MB)], { type: 'audio/wav' }), { name: 'warm.wav' }) as File,
  );
  const plainPut = async (round: number) => {
    const command = new PutObjectCommand({ Bucket: s3.S3_BUCKET, Key: `bench/plain-${round}` });
    const res = await fetch(await getSignedUrl(client, command, { expiresIn: 3600 }), { method: 'PUT', body: file });
    if (!res.ok) throw new Error(`plain PUT answered ${res.status}: ${await res.text()}`);
  };
  const appRead = () => bytesRead(pids.gateway) + bytesRead(pids.storefront);
  const times = { direct: [] as number[], joining: [] as number[], put: [] as number[], proxied: [] as number[] };
  const carried = { direct: [] as number[], proxied: [] as number[] };
  const cpu = { direct: 0, proxied: 0 };
  const appCpu = () =>
    [pids.gateway, pids.storefront].reduce((sum, pid) => {
      const { user, kernel } = processCpuTimes(pid);
      return sum + user + kernel;
    }, 0);
  console.log(
    `${mb} MB track to S3 (s3rver in its own process), ${rounds} rounds, ${options.concurrency ?? 'default'} parts at once:`,
  );
  for (let round = 0; round < rounds; round++) {
    let [read, used] = [appRead(), appCpu()];
    const started = performance.now();
    const partsStored = await direct(file);
    const ended = performance.now();
    times.direct.push((ended - started) / 1000);
    times.joining.push((ended - partsStored) / 1000);
    carried.direct.push(appRead() - read);
    cpu.direct += appCpu() - used;
    times.put.push(await timed(() => plainPut(round)));
    [read, used] = [appRead(), appCpu()];
    times.proxied.push(await timed(() => options.proxied(site, mb)));
    carried.proxied.push(appRead() - read);
    cpu.proxied += appCpu() - used;
    console.log(
      `  round ${round + 1}: direct ${times.direct[round]!.toFixed(2)} s (${mbps(mb, times.direct[round]!)}; of it ${times.joining[round]!.toFixed(2)} s completing: the S3 server joining the parts), plain PUT ${times.put[round]!.toFixed(2)} s (${mbps(mb, times.put[round]!)}), through gateway + storefront ${times.proxied[round]!.toFixed(2)} s (${mbps(mb, times.proxied[round]!)}); direct/PUT ${(times.put[round]! / times.direct[round]!).toFixed(2)}x, proxied/PUT ${(times.put[round]! / times.proxied[round]!).toFixed(2)}x; gateway + storefront read ${(carried.direct[round]! / 1024).toFixed(0)} KB (direct), ${(carried.proxied[round]! / MB).toFixed(0)} MB (through them)`,
    );
  }
  const [d, j, p, x] = [median(times.direct), median(times.joining), median(times.put), median(times.proxied)];
  console.log(
    `  medians: direct ${mbps(mb, d)}, plain PUT ${mbps(mb, p)}, through gateway + storefront ${mbps(mb, x)}; direct/PUT ${(p / d).toFixed(2)}x (aim >= 0.9x), proxied/PUT ${(p / x).toFixed(2)}x`,
  );
  // s3rver joins a multipart upload's parts by copying them into one file (and hashing it) when asked to
  // complete; S3 itself answers at once. The parts alone: what the sending costs against the plain PUT.
  console.log(
    `  without the S3 server's joining (${j.toFixed(2)} s, median): direct parts ${mbps(mb, d - j)} = ${(p / (d - j)).toFixed(2)}x the plain PUT`,
  );
  const kb = (bytes: number[]) => `${(median(bytes) / 1024).toFixed(0)} KB`;
  console.log(
    `  bytes the gateway and the storefront read per upload (/proc rchar, median): direct ${kb(carried.direct)}, through them ${(median(carried.proxied) / MB).toFixed(0)} MB; their CPU seconds per upload: direct ${(cpu.direct / rounds).toFixed(2)}, through them ${(cpu.proxied / rounds).toFixed(2)}`,
  );
}

/**
 * Rounds of a `mb` MB upload stored by the local storage as the storefront stores one (a stream put into
 * `folder`), without its flushes, then those flushes timed alone (syncToDisk: fsync of the file and of its
 * folder, the steps `put` adds): what surviving a power cut costs. Timed on their own, the flushes cannot
 * come out negative, as the difference of two noisy puts did. Prints every round, the medians and the spread.
 */
export async function benchFsyncCost(folder: string, mb: number, rounds: number): Promise<void> {
  const body = () =>
    Readable.from(
      (function* () {
        const block = Buffer.alloc(MB, 9);
        for (let i = 0; i < mb; i++) yield block;
      })(),
    );
  const unflushed = createLocalStorage(folder, { flush: false });
  const file = localObjectPath(folder, 'bench/fsync');
  const times = { written: [] as number[], flush: [] as number[] };
  console.log(`${mb} MB upload stored on the local disk (storage.put of a stream), then flushed (fsync):`);
  for (let round = 0; round < rounds; round++) {
    // What an earlier round left in the page cache is written out first, or this round's flush pays for it.
    execFileSync('sync');
    times.written.push(await timed(() => unflushed.put('bench/fsync', body())));
    times.flush.push(await timed(() => syncToDisk(file)));
    const [w, f] = [times.written[round]!, times.flush[round]!];
    console.log(
      `  round ${round + 1}: written ${w.toFixed(2)} s (${mbps(mb, w)}), its flush ${f.toFixed(2)} s: with fsync ${mbps(mb, w + f)}`,
    );
  }
  const [w, f] = [median(times.written), median(times.flush)];
  // The kernel may have written much of it out during the put already (it does when dirty pages pile up,
  // as on a machine other writers share): the flush pays only for what is left.
  console.log(
    `  medians: written ${w.toFixed(2)} s, flush ${f.toFixed(2)} s (rounds from ${Math.min(...times.flush).toFixed(2)} to ${Math.max(...times.flush).toFixed(2)} s): the flush adds ${((f / w) * 100).toFixed(0)}% to a ${mb} MB upload's write`,
  );
  await unflushed.delete('bench/fsync');
}
