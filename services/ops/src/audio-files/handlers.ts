import type {
  AdminAudioFilesQuery,
  ConfirmUploadBody,
  DownloadUrlQuery,
  IdParam,
  Identity,
  UpdateProcessingBody,
  UploadUrlBody,
} from '@mastering/contracts';
import type { RouteContext } from '@mastering/service-kit';
import {
  audioFile,
  confirmMasterUpload,
  createMasterUpload,
  fileDownloadLink,
  listAudioFiles,
  updateProcessing,
  type AudioFileDeps,
} from './service';

const caller = (ctx: RouteContext) => ctx.state.identity as Identity;

/** GET /api/admin/audio-files — staff; the filtered files (plain array), or a page with the counters. */
export const getAudioFiles = (deps: AudioFileDeps) => async (ctx: RouteContext<undefined, AdminAudioFilesQuery>) => {
  ctx.body = await listAudioFiles(deps.knex, ctx.state.query, deps.counters.files);
};

/** GET /api/admin/audio-files/:id — staff; one file. */
export const getAudioFile = (deps: AudioFileDeps) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  ctx.body = { file: await audioFile(deps.knex, ctx.state.params.id) };
};

/** PATCH /api/admin/audio-files/:id/processing — staff; the selected status and notes. */
export const patchProcessing =
  (deps: AudioFileDeps) => async (ctx: RouteContext<UpdateProcessingBody, undefined, IdParam>) => {
    ctx.body = { file: await updateProcessing(deps, ctx.state.params.id, ctx.state.body, caller(ctx)) };
  };

/** POST /api/admin/audio-files/:id/upload-url — staff; where to upload the master (opens an upload owned by the caller). */
export const postUploadUrl = (deps: AudioFileDeps) => async (ctx: RouteContext<UploadUrlBody, undefined, IdParam>) => {
  ctx.body = await createMasterUpload(deps, ctx.state.params.id, ctx.state.body, caller(ctx));
};

/** POST /api/admin/audio-files/:id/confirm-upload — staff; attaches the caller's finished upload as the master. */
export const postConfirmUpload =
  (deps: AudioFileDeps) => async (ctx: RouteContext<ConfirmUploadBody, undefined, IdParam>) => {
    ctx.body = {
      file: await confirmMasterUpload(deps, ctx.state.params.id, ctx.state.body.uploadedFilePath, caller(ctx)),
    };
  };

/** GET /api/admin/audio-files/:id/download-url?kind= — staff; a short-lived signed link to the original or the master. */
export const getDownloadUrl =
  (deps: AudioFileDeps) => async (ctx: RouteContext<undefined, DownloadUrlQuery, IdParam>) => {
    ctx.body = await fileDownloadLink(deps, ctx.state.params.id, ctx.state.query.kind);
  };
