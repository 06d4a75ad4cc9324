// What a script needs to drive the site as browsers do: a tiny valid WAV, the order of one uploaded track,
// one HTTP request answered in full, and a sign-in by the code mailed to the local inbox.
import { type Agent, request, type IncomingHttpHeaders } from 'node:http';
import { objectKeyOfPath, objectPathOfKey, type pricingForApi } from '@mastering/contracts';

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

/** The body of POST /api/orders for one track uploaded to `uploadURL`, as the upload page sends it. */
export function oneTrackOrder(
  email: string,
  fileName: string,
  fileSize: number,
  uploadURL: string,
  pricing: ReturnType<typeof pricingForApi>,
) {
  const file = { originalName: fileName, fileName, fileSize, mimeType: 'audio/wav' };
  return {
    customerEmail: email,
    files: [{ ...file, originalFilePath: objectPathOfKey(objectKeyOfPath(uploadURL) ?? uploadURL) }],
    pricing,
    termsAccepted: true,
  };
}

/**
 * Signs `email` in as a browser does: asks for a code, reads it from the MailDev inbox at `inboxUrl` (asking until
 * it is there, at most 30 s: the mail goes out from a job) and sends it back with the nonce cookie its request
 * set (a code is compared only in the browser that asked). Answers the session cookie, `sid=…`.
 */
export async function signInByMail(siteUrl: string, inboxUrl: string, email: string): Promise<string> {
  type Mail = { id: string; subject: string; to: { address: string }[] };
  const inbox = async () => (await (await fetch(`${inboxUrl}/api/email`)).json()) as Mail[];
  const seen = new Set((await inbox()).map((m) => m.id));
  const json = { 'content-type': 'application/json' };
  const asked = await fetch(`${siteUrl}/auth/request-code`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email }),
  });
  if (!asked.ok) throw new Error(`request-code answered ${asked.status}`);
  let code: string | undefined;
  for (const deadline = Date.now() + 30_000; !code && Date.now() < deadline; ) {
    const mail = (await inbox()).find((m) => !seen.has(m.id) && m.to.some((to) => to.address.toLowerCase() === email));
    code = mail?.subject.match(/(\d{6})/)?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error(`No login code for ${email} arrived within 30 s`);
  const browser = asked.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const verified = await fetch(`${siteUrl}/auth/verify-code`, {
    method: 'POST',
    headers: { ...json, cookie: browser },
    body: JSON.stringify({ email, code }),
  });
  const sid = verified.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!verified.ok || !sid) throw new Error(`verify-code answered ${verified.status} without a session`);
  return sid.split(';')[0]!;
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
