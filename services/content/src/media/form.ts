import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Context } from 'koa';
import { FORM_ENCODING_REQUIRED, mediaTooLarge, unexpectedFile, type MediaField } from '@mastering/contracts';
import { BadRequest, Invalid } from '@mastering/service-kit';

const MB = 1024 * 1024;

/** A file of the form, written to a temporary file that lives only as long as the request. */
export type UploadedFile = { field: string; path: string; size: number; filename: string };

/** A create or edit form: its text fields (checked by a contract afterwards) and the files it carried. */
export type ContentForm<F extends string = string> = {
  fields: Record<string, unknown>;
  files: Partial<Record<F, UploadedFile>>;
};

/**
 * Reads the form of an admin create or edit request and hands it to `use`: a multipart body (the
 * spec's admin screens) is streamed with busboy, each file into a temporary folder and checked
 * against its field's size limit as it arrives; a JSON body (quick edits such as the active toggle)
 * has fields only. The temporary files are removed when `use` settles, whatever happens.
 */
export async function withForm<F extends string, T>(
  ctx: Context,
  mediaFields: Record<F, MediaField>,
  use: (form: ContentForm<F>) => Promise<T>,
): Promise<T> {
  if (ctx.request.is('application/json')) {
    const body = (ctx.request as { body?: unknown }).body;
    return use({ fields: body && typeof body === 'object' ? (body as Record<string, unknown>) : {}, files: {} });
  }
  if (!ctx.request.is('multipart/form-data')) throw new Invalid(FORM_ENCODING_REQUIRED, undefined, 415);
  const dir = await mkdtemp(path.join(tmpdir(), 'content-form-'));
  try {
    return await use(await readMultipart(ctx.req, ctx.headers, dir, mediaFields));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Streams a multipart body: text fields into memory (small), files into `dir`, each within its field's limit. */
function readMultipart<F extends string>(
  req: IncomingMessage,
  headers: IncomingHttpHeaders,
  dir: string,
  mediaFields: Record<F, MediaField>,
): Promise<ContentForm<F>> {
  return new Promise((resolve, reject) => {
    const specs = mediaFields as Record<string, MediaField>;
    const largest = Math.max(...Object.values(specs).map((spec) => spec.maxMb)) * MB;
    let parser: busboy.Busboy;
    try {
      // busboy stops passing bytes on past `fileSize` (it drains the rest), so no file grows beyond the largest limit.
      parser = busboy({
        headers,
        limits: {
          fileSize: largest + 1,
          files: Object.keys(specs).length,
          fields: 50,
          fieldSize: 64 * 1024,
          parts: 60,
        },
      });
    } catch {
      reject(new BadRequest('Malformed multipart form'));
      return;
    }
    const fields: Record<string, string> = {};
    const files: Partial<Record<string, UploadedFile>> = {};
    const writes: Promise<void>[] = [];
    let failure: Error | undefined;
    const fail = (err: Error) => {
      failure ??= err;
    };

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(new Invalid(`${name} is too long`, undefined, 413));
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      const spec = specs[name];
      if (!spec) fail(new BadRequest(unexpectedFile(name)));
      if (!spec || files[name] || failure) {
        stream.resume();
        return;
      }
      const max = spec.maxMb * MB;
      const file = path.join(dir, name);
      let size = 0;
      // Past the limit the bytes are dropped rather than the stream destroyed, so the parser keeps
      // reading the request to its end and the caller gets a clean 413 answer.
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, size > max ? undefined : chunk);
        },
      });
      writes.push(
        pipeline(stream, limit, createWriteStream(file)).then(
          () => {
            if (size > max) fail(new Invalid(mediaTooLarge(spec.label, spec.maxMb), undefined, 413));
            // A file input left empty still sends a part with no bytes: that is no file.
            else if (size > 0) files[name] = { field: name, path: file, size, filename: info.filename ?? name };
          },
          (err: Error) => fail(err),
        ),
      );
    });
    parser.on('filesLimit', () => fail(new BadRequest('Too many files in the form')));
    parser.on('partsLimit', () => fail(new BadRequest('Too many parts in the form')));
    parser.on('error', (err: Error) => reject(new BadRequest(`Malformed multipart form: ${err.message}`)));
    parser.on('close', () => {
      void Promise.all(writes).then(() =>
        failure ? reject(failure) : resolve({ fields, files: files as ContentForm<F>['files'] }),
      );
    });
    req.on('aborted', () => reject(new BadRequest('The upload was interrupted')));
    req.pipe(parser);
  });
}
