// What a script needs to drive the site as browsers do: a tiny valid WAV, one HTTP request answered in
// full, and a client-side balancer over several gateways (what a load balancer in front does).
import { type Agent, request, type IncomingHttpHeaders } from 'node:http';
import { mayRetry, UpstreamPool } from '../../services/gateway/src/upstreams';

/** A mono 8 kHz 8-bit WAV of `seconds` (8,044 bytes a second): small, and audio by its first bytes. */
export function tinyWav(seconds = 1): Buffer {
  const samples = 8000 * seconds;
  const file = Buffer.alloc(44 + samples, 128);
  file.write('RIFF', 0, 'ascii');
  file.writeUInt32LE(36 + samples, 4);
  file.write('WAVEfmt ', 8, 'ascii');
  file.writeUInt32LE(16, 16);
  file.writeUInt16LE(1, 20); // PCM
  file.writeUInt16LE(1, 22); // mono
  file.writeUInt32LE(8000, 24);
  file.writeUInt32LE(8000, 28);
  file.writeUInt16LE(1, 32);
  file.writeUInt16LE(8, 34);
  file.write('data', 36, 'ascii');
  file.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i++) file[44 + i] = 128 + Math.round(60 * Math.sin((2 * Math.PI * 440 * i) / 8000));
  return file;
}

export type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

/** One HTTP request (through `agent`), answered in full. */
export function send(
  agent: Agent,
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Sends requests to one of several gateways as a load balancer would: round-robin over those in
 * service, a gateway whose connection fails taken out until its /readyz answers, and a failed request
 * sent to another gateway by the gateway's own rule (`mayRetry`: refused connections, and reads).
 */
export function gatewayBalancer(gateways: string[], agent: Agent) {
  const pool = new UpstreamPool(gateways);
  return {
    pool,
    /** `send` to `path` on a gateway in service. */
    async send(path: string, method: string, headers: Record<string, string>, body?: Buffer | string) {
      const tried = new Set<string>();
      for (;;) {
        const gateway = pool.pick(tried);
        tried.add(gateway);
        try {
          return await send(agent, `${gateway}${path}`, method, headers, body);
        } catch (err) {
          pool.failed(gateway, err as NodeJS.ErrnoException);
          if (tried.size >= gateways.length || !mayRetry(method, err as NodeJS.ErrnoException, false)) throw err;
        }
      }
    },
  };
}
