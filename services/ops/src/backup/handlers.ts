import type { RouteContext } from '@mastering/service-kit';
import { type BackupDeps, backupFileName, startBackup } from './service';

/**
 * POST /api/admin/settings/backup — admin; streams a `pg_dump --format=custom` archive of the app
 * database as `mastering-<date>.dump` (audited). 503 with a clear message when pg_dump is missing or
 * older than the server.
 */
export const postBackup = (deps: BackupDeps) => async (ctx: RouteContext) => {
  const { archive, abort } = await startBackup(deps, ctx.state.identity!.userId);
  // The admin closed the page or the connection broke: stop dumping.
  ctx.res.once('close', abort);
  ctx.attachment(backupFileName());
  ctx.type = 'application/octet-stream';
  ctx.body = archive;
};
