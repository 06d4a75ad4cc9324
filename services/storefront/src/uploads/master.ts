import type { Knex } from 'knex';
import {
  AttachedMasterUpload,
  AttachMasterUploadBody,
  IdParam,
  MASTER_UPLOAD_FOREIGN,
  MASTER_UPLOAD_INCOMPLETE,
  MASTER_UPLOAD_UNKNOWN,
  objectPathOfKey,
  OpenMasterUploadBody,
  UploadUrlResponse,
  type Identity,
} from '@mastering/contracts';
import { OrderFile, Upload } from '@mastering/db';
import { BadRequest, Conflict, NotFound, route } from '@mastering/service-kit';

// Engineers' masters are uploads like customers' tracks (issue 52: the storefront alone writes
// uploads). Ops, which confirms a master, asks the storefront over these internal routes, signed
// with the staff member's identity: open an upload for a master, then attach the completed one.

/** Opens an upload owned by the staff member for a master; the bytes come to `/uploads/<id>`. */
export async function openMasterUpload(knex: Knex, caller: Identity, body: OpenMasterUploadBody) {
  const { uploadURL } = await Upload.open(
    knex,
    { userId: caller.userId, originalName: body.filename, contentType: body.contentType },
    body.ttlHours,
  );
  return { uploadURL };
}

/**
 * Makes the caller's completed upload the master of order file `fileId`, the file's current master
 * (completed), and answers where its bytes are; attaching it again is harmless. Only an upload this staff member opened, never a
 * customer's track nor another file's master, can become one.
 */
export async function attachMasterUpload(knex: Knex, caller: Identity, uploadId: string, fileId: string) {
  return knex.transaction(async (trx) => {
    const upload = await Upload.query(trx).findById(uploadId).forUpdate();
    if (!upload || upload.userId !== caller.userId || upload.orderFileId) throw new BadRequest(MASTER_UPLOAD_UNKNOWN);
    if (upload.masteredFileId && upload.masteredFileId !== fileId) throw new Conflict(MASTER_UPLOAD_FOREIGN);
    if (upload.status !== 'completed') throw new Conflict(MASTER_UPLOAD_INCOMPLETE);
    await Upload.attachMaster(trx, upload.id, fileId);
    const masteredFilePath = objectPathOfKey(upload.objectKey);
    const attached = await OrderFile.query(trx)
      .findById(fileId)
      .patch({ masteredFilePath, processingStatus: 'completed', processedAt: new Date() });
    if (!attached) throw new NotFound('Audio file not found');
    return { objectKey: upload.objectKey };
  });
}

/** The internal routes ops calls (never forwarded by the gateway). */
export const masterUploadRoutes = (knex: Knex) => [
  route({
    method: 'POST',
    path: '/internal/master-uploads',
    permission: 'staff',
    body: OpenMasterUploadBody,
    response: UploadUrlResponse,
    handler: async (ctx) => {
      ctx.body = await openMasterUpload(knex, ctx.state.identity!, ctx.state.body);
    },
  }),
  route({
    method: 'POST',
    path: '/internal/master-uploads/:id/attach',
    permission: 'staff',
    params: IdParam,
    body: AttachMasterUploadBody,
    response: AttachedMasterUpload,
    handler: async (ctx) => {
      ctx.body = await attachMasterUpload(knex, ctx.state.identity!, ctx.state.params.id, ctx.state.body.fileId);
    },
  }),
];
