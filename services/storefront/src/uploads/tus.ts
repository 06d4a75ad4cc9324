import { Server } from '@tus/server';
import {
  AUDIO_FORMATS,
  IdParam,
  objectKeyOf,
  UPLOAD_PREFIX,
  uploadIdOfKey,
  isUploadContentType,
  UPLOAD_BYTES_NOT_AUDIO,
  UPLOAD_NOT_AUDIO,
  uploadTooLarge,
} from '@mastering/contracts';
import { Upload } from '@mastering/db';
import { HttpError, isDatabaseUnavailable, Unavailable } from '@mastering/service-kit';
import {
  admitBytes,
  claimProtocol,
  completeUpload,
  queueMixCheck,
  uploadLimit,
  writableUpload,
  type UploadDeps,
} from './service';

/**
 * tus answers errors it is thrown as `{ status_code, body }`; our domain errors become that shape, and
 * so does the database being away (503, as every other route answers it: the client tries again),
 * which tus would otherwise answer 500.
 */
const asTusError = (err: unknown) => {
  const known = err instanceof HttpError ? err : isDatabaseUnavailable(err) ? new Unavailable() : null;
  return known ? { status_code: known.status, body: `${known.message}\n` } : err;
};

const idOf = (url: string) =>
  IdParam.parse({ id: new URL(url, 'http://local').pathname.split('/').filter(Boolean).at(-1) }).id;
// tus names an upload by its object key (`uploads/<id>`, see tus-store.ts); its URL stays `/uploads/<id>`.
const uploadIdOf = (objectKey: string) => uploadIdOfKey(objectKey) ?? '';

type TusUpload = Awaited<ReturnType<UploadDeps['tus']['datastore']['getUpload']>>;

/**
 * Makes an upload whose bytes have all arrived the stored object, and records it completed; `forget`
 * removes tus's record at once (a HEAD that finished it still needs the record for its answer).
 */
async function finishUpload(deps: UploadDeps, upload: TusUpload, forget = true): Promise<void> {
  const { filename } = upload.metadata ?? {};
  // The first PATCH was sniffed (see tus-store.ts); the type recorded is the one the bytes show.
  const format = await deps.tus.formatOf(upload.id);
  if (!format) throw { status_code: 415, body: `${UPLOAD_BYTES_NOT_AUDIO}\n` };
  const { contentType } = AUDIO_FORMATS[format];
  await deps.tus.promote(upload.id, contentType);
  await completeUpload(deps.knex, uploadIdOf(upload.id), {
    size: upload.offset,
    contentType,
    originalName: filename ?? null,
  });
  // tus's record holds the customer's file name, and a completed upload is never resumed: it goes now, once
  // the row says completed (until then a client's HEAD may still finish the upload from it, see finishIfWhole).
  if (forget) await deps.tus.forget(upload.id);
  await queueMixCheck(deps, uploadIdOf(upload.id));
}

/** The size of the upload `objectKey` when its row says completed (null otherwise, or when the database is away). */
async function completedSize(deps: UploadDeps, objectKey: string): Promise<number | null> {
  const id = uploadIdOf(objectKey);
  if (!id) return null;
  const row = await Upload.query(deps.knex)
    .findById(id)
    .catch(() => undefined);
  return row?.status === 'completed' && row.size != null ? Number(row.size) : null;
}

/**
 * Finishes the upload `objectKey` when tus holds all its declared bytes (see onIncomingRequest); answers
 * whether it did, so its record is removed once tus has answered the HEAD from it.
 */
async function finishIfWhole(deps: UploadDeps, objectKey: string): Promise<boolean> {
  const upload = await deps.tus.datastore.getUpload(objectKey).catch(() => null);
  if (!upload || upload.size === undefined || upload.offset !== upload.size) return false;
  await finishUpload(deps, upload, false);
  return true;
}

/**
 * The resumable side of an upload URL (tus 1.0 core with the creation and creation-defer-length
 * extensions; no termination: abandoned uploads are swept): the browser POSTs to its upload URL to begin, PATCHes chunks, and after a
 * dropped connection asks with HEAD how many bytes arrived and continues from there. Bytes go straight
 * to the object `uploads/<id>` (the one a whole-body PUT writes), on the local disk or in S3 (`deps.tus`).
 * The same rules as a PUT apply: limit from settings (413), audio only by name and type when it begins
 * and by its first bytes on the first PATCH (415), expired or complete (403), the disk nearly full (507),
 * the visitor's or address's upload limits (429, the declared length held from the start).
 */
export function createTusServer(deps: UploadDeps): Server {
  // tus's default locker is in-process, and that is enough with replicas: a client sends one PATCH
  // at a time, so two writers of one upload only meet after a cut connection, when the old request on
  // another replica may still flush a few bytes. The file store writes each chunk at its offset in the
  // shared staging file and takes the offset from that file's size, so those late bytes are the same
  // bytes at the same place, and the resumed PATCH is checked against the offset (409 if it is wrong).
  // test/replicas.test.ts resumes an upload on a second instance; `npm run test:replicas` kills them.
  // Uploads a resuming HEAD finished: tus answers that HEAD from its record, which goes right after.
  const finishedByHead = new Set<string>();
  const options: ConstructorParameters<typeof Server>[0] = {
    path: `/${UPLOAD_PREFIX}`,
    relativeLocation: true,
    datastore: deps.tus.datastore,
    // The upload URL we handed out is where the upload is created: its id names the object.
    namingFunction: (req) => objectKeyOf(idOf(req.url)),
    getFileIdFromRequest: (req) => objectKeyOf(idOf(req.url)),
    generateUrl: (_req, { path, id }) => `${path}/${uploadIdOf(id)}`,
    maxSize: async () => {
      try {
        return (await uploadLimit(deps.knex)).bytes;
      } catch (err) {
        throw asTusError(err);
      }
    },
    onIncomingRequest: async (req, objectKey) => {
      try {
        const upload = await writableUpload(deps.knex, uploadIdOf(objectKey), 'tus', {
          forWrite: req.method !== 'HEAD',
        });
        if (req.method === 'POST') await claimProtocol(deps.knex, upload.id, 'tus');
        // A client resumes with HEAD, and one that then sees all its bytes here is done: an upload whose
        // completion was lost (its replica died, or the database was away, after the last byte) is
        // finished now, or the client would be told "not finished uploading" by the order it goes on to.
        if (req.method === 'HEAD' && upload.status !== 'completed' && (await finishIfWhole(deps, objectKey)))
          finishedByHead.add(objectKey);
      } catch (err) {
        throw asTusError(err);
      }
    },
    onUploadCreate: async (_req, upload) => {
      const { filetype, filename } = upload.metadata ?? {};
      if (!isUploadContentType(filetype ?? null, filename ?? null))
        throw { status_code: 415, body: `${UPLOAD_NOT_AUDIO}\n` };
      // A known length over the limit was refused by maxSize; a deferred one is checked on every PATCH
      // and held against the upload limits as the largest it may become.
      try {
        const row = await Upload.query(deps.knex).findById(uploadIdOf(upload.id)).throwIfNotFound();
        await admitBytes(deps, row, 'tus', upload.size ?? (await uploadLimit(deps.knex)).bytes);
      } catch (err) {
        throw asTusError(err);
      }
      return {};
    },
    onUploadFinish: async (_req, upload) => {
      await finishUpload(deps, upload).catch((err) => {
        throw asTusError(err);
      });
      return {};
    },
    onResponseError: async (_req, err) => {
      // tus's own "too large" answer, in the words the storefront uses everywhere else.
      if ('status_code' in err && err.status_code === 413)
        return { status_code: 413, body: `${uploadTooLarge((await uploadLimit(deps.knex)).mb)}\n` };
      return undefined;
    },
  };
  const server = new Server(options);
  const handle = server.handle.bind(server);
  server.handle = async (req, res) => {
    const objectKey = req.method === 'HEAD' && req.url ? objectKeyOf(idOf(req.url)) : null;
    // A completed upload's record is gone (it held the file name), so its HEAD is answered here: all of it
    // arrived. A client whose answer to the last PATCH was lost asks exactly this, and must not be told 404
    // (it would then try to create the upload again, and be refused).
    const done = objectKey ? await completedSize(deps, objectKey) : null;
    if (done !== null) {
      res.writeHead(200, {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(done),
        'Upload-Length': String(done),
        'Cache-Control': 'no-store',
      });
      res.end();
      return;
    }
    if (objectKey) {
      // tus has read the record when it ends its answer: the record goes first, so a client that has the
      // answer never finds it still there.
      const end = res.end.bind(res) as (...args: unknown[]) => unknown;
      res.end = ((...args: unknown[]) => {
        if (!finishedByHead.delete(objectKey)) return end(...args);
        void deps.tus
          .forget(objectKey)
          .catch(() => undefined)
          .finally(() => end(...args));
        return res;
      }) as typeof res.end;
    }
    return handle(req, res);
  };
  return server;
}
