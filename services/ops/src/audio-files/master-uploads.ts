import type { AttachedMasterUpload, Identity, OpenMasterUploadBody, UploadUrlResponse } from '@mastering/contracts';
import {
  BadRequest,
  Conflict,
  HttpError,
  IDENTITY_HEADER,
  NotFound,
  type Secrets,
  signIdentity,
} from '@mastering/service-kit';

// Masters are uploads, and the storefront alone writes uploads (issue 52): ops asks it, over its
// internal routes, signed with the staff member's identity, to open one and to attach a completed one.

/** The storefront's side of a master upload, as ops calls it. */
export type MasterUploads = {
  /** Opens an upload owned by `caller` for a master; answers its URL (`/uploads/<id>`). */
  open(caller: Identity, body: OpenMasterUploadBody): Promise<UploadUrlResponse>;
  /** Makes the caller's completed upload the master of order file `fileId`; answers where its bytes are. */
  attach(caller: Identity, uploadId: string, fileId: string): Promise<AttachedMasterUpload>;
};

/** The storefront's answer as the error it stands for, so ops answers its caller the same. */
function errorOf(status: number, message: string): Error {
  if (status === 400) return new BadRequest(message);
  if (status === 404) return new NotFound(message);
  if (status === 409) return new Conflict(message);
  return new HttpError(502, `The storefront did not answer the master upload: ${status} ${message}`);
}

/** The storefront's master uploads at `url`, signed with `keys` (the identity secret every service shares). */
export function masterUploadsOverHttp({ url, keys }: { url: string; keys: Secrets }): MasterUploads {
  const post = async <T>(caller: Identity, path: string, body: unknown): Promise<T> => {
    const res = await fetch(new URL(path, url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [IDENTITY_HEADER]: await signIdentity(caller, keys) },
      body: JSON.stringify(body),
    });
    const answer = await res.json().catch(() => ({}));
    if (!res.ok) throw errorOf(res.status, String(answer.error ?? res.statusText));
    return answer as T;
  };
  return {
    open: (caller, body) => post(caller, '/internal/master-uploads', body),
    attach: (caller, uploadId, fileId) => post(caller, `/internal/master-uploads/${uploadId}/attach`, { fileId }),
  };
}
