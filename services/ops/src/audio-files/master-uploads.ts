import type { AttachedMasterUpload, Identity, OpenMasterUploadBody, UploadUrlResponse } from '@mastering/contracts';
import type { OwnerCall } from '../owner-calls';

// Masters are uploads, and the storefront alone writes uploads (issue 52): ops asks it, over its
// internal routes, signed with the staff member's identity, to open one and to attach a completed one.

/** The storefront's side of a master upload, as ops calls it. */
export type MasterUploads = {
  /** Opens an upload owned by `caller` for a master; answers its URL (`/uploads/<id>`). */
  open(caller: Identity, body: OpenMasterUploadBody): Promise<UploadUrlResponse>;
  /**
   * Makes the caller's completed upload the master of order file `fileId` (the file's current master,
   * completed); answers where its bytes are.
   */
  attach(caller: Identity, uploadId: string, fileId: string): Promise<AttachedMasterUpload>;
};

/** The storefront's master uploads, through `call` (its internal routes). */
export function masterUploadsOverHttp(call: OwnerCall): MasterUploads {
  return {
    open: (caller, body) => call(caller, 'POST', '/internal/master-uploads', body),
    attach: (caller, uploadId, fileId) =>
      call(caller, 'POST', `/internal/master-uploads/${uploadId}/attach`, { fileId }),
  };
}
