import type { TokenFileParam, TokenPackFileParam, TokenParam } from '@mastering/contracts';
import type { RouteContext } from '@mastering/service-kit';
import {
  delivery,
  deliveryArchive,
  deliveryFile,
  deliveryPackFile,
  signedFile,
  type DownloadDeps,
  type FileDownload,
} from './service';

/** Never rendered by a browser: saved under a safe name, its type taken as given. */
function asAttachment(ctx: RouteContext, filename: string) {
  ctx.attachment(filename);
  ctx.set('X-Content-Type-Options', 'nosniff');
}

/** Streams a stored file as an attachment under its name. */
function send(ctx: RouteContext, file: FileDownload) {
  asAttachment(ctx, file.filename);
  ctx.type = file.contentType;
  ctx.length = file.size;
  ctx.body = file.stream;
}

/** GET /api/downloads/file/:token — public (the signed link is the permission); an original or master, until the link expires. */
export const getSignedFile = (deps: DownloadDeps) => async (ctx: RouteContext<undefined, undefined, TokenParam>) => {
  send(ctx, await signedFile(deps, ctx.state.params.token));
};

/** GET /api/downloads/order/:token — public (the mailed link is the permission); what the download page lists. */
export const getDelivery = (deps: DownloadDeps) => async (ctx: RouteContext<undefined, undefined, TokenParam>) => {
  ctx.body = await delivery(deps, ctx.state.params.token);
};

/** GET /api/downloads/order/:token/files/:fileId — public; one master of the delivery. */
export const getDeliveryFile =
  (deps: DownloadDeps) => async (ctx: RouteContext<undefined, undefined, TokenFileParam>) => {
    send(ctx, await deliveryFile(deps, ctx.state.params.token, ctx.state.params.fileId));
  };

/** GET /api/downloads/order/:token/pack/:packFileId — public; one release pack file of the delivery. */
export const getDeliveryPackFile =
  (deps: DownloadDeps) => async (ctx: RouteContext<undefined, undefined, TokenPackFileParam>) => {
    send(ctx, await deliveryPackFile(deps, ctx.state.params.token, ctx.state.params.packFileId));
  };

/** GET /api/downloads/order/:token/archive — public; all masters of the delivery in one zip, streamed. */
export const getDeliveryArchive =
  (deps: DownloadDeps) => async (ctx: RouteContext<undefined, undefined, TokenParam>) => {
    const { stream, filename } = await deliveryArchive(deps, ctx.state.params.token);
    asAttachment(ctx, filename);
    ctx.type = 'application/zip';
    ctx.body = stream;
  };
