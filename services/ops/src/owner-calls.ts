import type { Identity } from '@mastering/contracts';
import {
  BadRequest,
  Conflict,
  Forbidden,
  HttpError,
  IDENTITY_HEADER,
  NotFound,
  type Secrets,
  signIdentity,
} from '@mastering/service-kit';

// Ops changes a table another service owns only by asking that owner over its internal routes
// (issue 52), signed with the identity header as the gateway signs: the staff member's who asked, or
// the worker's for a timer job. An owner's refusal comes back as the same error, so ops answers its
// own caller alike; anything else is a 502 (a job's run fails, and its next run asks again).

/** Who signs a call of ops' timer jobs (no staff member asked for it). */
export const OPS_WORKER: Identity = { userId: 'ops-worker', email: '', role: 'admin', sessionId: '' };

/** The owner's answer as the error it stands for. */
function errorOf(owner: string, status: number, message: string): Error {
  if (status === 400) return new BadRequest(message);
  if (status === 403) return new Forbidden(message);
  if (status === 404) return new NotFound(message);
  if (status === 409) return new Conflict(message);
  return new HttpError(502, `The ${owner} did not answer: ${status} ${message}`);
}

/** A call to one internal route of an owner: signed as `caller`, its JSON answer, or the error it stands for. */
export type OwnerCall = <T>(caller: Identity, method: 'POST' | 'PUT', path: string, body?: unknown) => Promise<T>;

/** Calls to the internal routes of `owner` at `url`, signed with `keys` (the identity secret every service shares). */
export function ownerCalls(owner: string, { url, keys }: { url: string; keys: Secrets }): OwnerCall {
  return async <T>(caller: Identity, method: 'POST' | 'PUT', path: string, body?: unknown) => {
    const headers: Record<string, string> = { [IDENTITY_HEADER]: await signIdentity(caller, keys) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(new URL(path, url), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch((err: Error) => {
      throw new HttpError(502, `The ${owner} could not be reached: ${err.message}`);
    });
    const answer = await res.json().catch(() => ({}));
    if (!res.ok) throw errorOf(owner, res.status, String(answer.error ?? res.statusText));
    return answer as T;
  };
}
