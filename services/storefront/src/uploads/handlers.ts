import type { Server as TusServer } from '@tus/server';
import type { z } from 'zod';
import type { BeginDirectUploadBody, CompleteDirectUploadBody, IdParam, SignPartsBody } from '@mastering/contracts';
import { clientKeyOf, type RouteContext } from '@mastering/service-kit';
import { ensureVisitor, visitorOf, type GuestCookieOptions } from '../visitor';
import { abortDirectUpload, beginDirectUpload, completeDirectUpload, listDirectParts, signDirectParts } from './direct';
import { mixCheckFor } from './mix-check';
import { createUpload, putWholeBody, type UploadDeps } from './service';

/**
 * POST /api/files/upload — public; opens an upload URL owned by this browser (a guest gets its cookie),
 * within the visitor's and the client address's upload limits (429) while the disk has room (507).
 */
export const createUploadUrl = (deps: UploadDeps, cookie: GuestCookieOptions) => async (ctx: RouteContext) => {
  // The gateway forwards the one client address it trusts (see service-kit's proxy setting); an IPv6
  // client counts by its /64, as in the login limits, since it may use any address of that prefix.
  ctx.body = await createUpload(deps, ensureVisitor(ctx, cookie), clientKeyOf(ctx.ip));
};

/** PUT /uploads/:id — public (the URL is the permission); the whole file in one body, streamed to storage. */
export const putUpload = (deps: UploadDeps) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  const length = ctx.get('content-length');
  try {
    ctx.body = await putWholeBody(deps, ctx.state.params.id, ctx.req, {
      contentType: ctx.get('content-type') || undefined,
      contentLength: length === '' ? undefined : Number(length),
    });
  } catch (err) {
    // Refused before reading: Node discards the unread body and the connection lives on (so a proxy in
    // front relays the answer). Refused on the first bytes or cut off mid-body: the rest is never read,
    // so the connection must close.
    if (ctx.req.destroyed || ctx.req.readableDidRead) ctx.set('Connection', 'close');
    throw err;
  }
};

/** POST, PATCH and HEAD /uploads/:id — the resumable (tus) side of the same URL; tus answers itself. */
export const tusUpload = (tus: TusServer) => async (ctx: RouteContext) => {
  ctx.respond = false;
  await tus.handle(ctx.req, ctx.res);
};

/** POST /uploads/:id/multipart — begins a direct upload to the bucket (S3), or answers `direct: false` (use tus). */
export const beginDirect =
  (deps: UploadDeps) => async (ctx: RouteContext<BeginDirectUploadBody, undefined, IdParam>) => {
    ctx.body = await beginDirectUpload(deps, ctx.state.params.id, ctx.state.body);
  };

/** POST /uploads/:id/multipart/sign — presigned URLs for the next parts. */
export const signParts =
  (deps: UploadDeps) => async (ctx: RouteContext<z.infer<typeof SignPartsBody>, undefined, IdParam>) => {
    ctx.body = await signDirectParts(deps, ctx.state.params.id, ctx.state.body.partNumbers);
  };

/** GET /uploads/:id/multipart — the parts the bucket holds (a resumed upload sends only the others). */
export const listParts = (deps: UploadDeps) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  ctx.body = await listDirectParts(deps, ctx.state.params.id);
};

/** POST /uploads/:id/multipart/complete — joins the parts, checks size and first bytes, records the upload. */
export const completeDirect =
  (deps: UploadDeps) => async (ctx: RouteContext<z.infer<typeof CompleteDirectUploadBody>, undefined, IdParam>) => {
    ctx.body = await completeDirectUpload(deps, ctx.state.params.id, ctx.state.body.parts);
  };

/** DELETE /uploads/:id/multipart — abandons a direct upload under way. */
export const abortDirect = (deps: UploadDeps) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  ctx.body = await abortDirectUpload(deps, ctx.state.params.id);
};

/** GET /api/files/upload/:id/mix-check — the uploading browser's (or account's) mix check of its track; 404 for anyone else. */
export const getMixCheck =
  (deps: UploadDeps, cookie: GuestCookieOptions) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
    ctx.body = await mixCheckFor(deps.knex, visitorOf(ctx, cookie), ctx.state.params.id);
  };
