import type { Knex } from 'knex';
import {
  pendingUploadBytesExceeded,
  tooManyPendingUploads,
  type UploadLimitSettings,
  type UploadQuotaScope,
} from '@mastering/contracts';
import { Order, OrderFile, ReleaseReference, Setting, Upload } from '@mastering/db';
import { TooManyRequests } from '@mastering/service-kit';

// Limits on uploads not yet part of a paid order, per visitor and per client address (Settings,
// Security section). They hold only for public uploads, which record the address that opened them;
// staff masters (opened by ops) have none. Each check and the write it guards run in one transaction
// under an advisory lock per visitor and per address, so parallel requests cannot both slip under.

/** Who an upload counts against: its visitor (account, else guest cookie) and its client address. */
export type QuotaOwner = { userId: string | null; guestKeyHash: string | null; clientAddress: string | null };

const GB = 1024 ** 3;

/** The Security section's upload limits, as settings. */
async function limitsOf(knex: Knex): Promise<UploadLimitSettings> {
  const { uploadFilesPerVisitor, uploadGbPerVisitor, uploadFilesPerAddress, uploadGbPerAddress } =
    await Setting.section(knex, 'security');
  return { uploadFilesPerVisitor, uploadGbPerVisitor, uploadFilesPerAddress, uploadGbPerAddress };
}

/** The scopes an owner is counted in, each with its column, value and limits. */
function scopesOf(owner: QuotaOwner, limits: UploadLimitSettings) {
  const scopes: { scope: UploadQuotaScope; column: string; value: string; files: number; gb: number }[] = [];
  const visitor = owner.userId
    ? { column: 'u.user_id', value: owner.userId }
    : owner.guestKeyHash
      ? { column: 'u.guest_key_hash', value: owner.guestKeyHash }
      : null;
  if (visitor)
    scopes.push({ scope: 'visitor', ...visitor, files: limits.uploadFilesPerVisitor, gb: limits.uploadGbPerVisitor });
  if (owner.clientAddress)
    scopes.push({
      scope: 'address',
      column: 'u.client_address',
      value: owner.clientAddress,
      files: limits.uploadFilesPerAddress,
      gb: limits.uploadGbPerAddress,
    });
  return scopes;
}

/**
 * The files and bytes held in one scope: uploads not attached to an order (nor a master) or attached to
 * an order still pending payment, a release's reference tracks included (issue 55). Bytes are the stored size, else the size declared by the first write.
 */
async function held(
  trx: Knex.Transaction,
  column: string,
  value: string,
  exceptId?: string,
): Promise<{ files: number; bytes: number }> {
  const row = await Upload.query(trx)
    .alias('u')
    .leftJoin(`${OrderFile.tableName} as f`, 'f.id', 'u.order_file_id')
    .leftJoin(`${Order.tableName} as o`, 'o.id', 'f.order_id')
    .leftJoin(`${ReleaseReference.tableName} as r`, 'r.upload_id', 'u.id')
    .leftJoin(`${Order.tableName} as ro`, 'ro.id', 'r.order_id')
    .where(column, value)
    .whereNull('u.mastered_file_id')
    .where((w) =>
      w
        .where((free) => free.whereNull('u.order_file_id').whereNull('r.id'))
        .orWhere('o.status', 'pending_payment')
        .orWhere('ro.status', 'pending_payment'),
    )
    .modify((q) => exceptId && q.whereNot('u.id', exceptId))
    .select(
      trx.raw('count(*)::int as files'),
      trx.raw('coalesce(sum(coalesce(u.size, u.declared_size, 0)), 0)::bigint as bytes'),
    )
    .first()
    .castTo<{ files: number; bytes: string }>();
  return { files: row.files, bytes: Number(row.bytes) };
}

/**
 * Runs `write` once `check` passes for every scope of `owner`, in one transaction holding each scope's
 * lock (visitor before address, always, so two checks never wait on each other).
 */
async function withinLimits<T>(
  knex: Knex,
  owner: QuotaOwner,
  check: (scope: ReturnType<typeof scopesOf>[number], trx: Knex.Transaction) => Promise<void>,
  write: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  const scopes = scopesOf(owner, await limitsOf(knex));
  return knex.transaction(async (trx) => {
    for (const scope of scopes)
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`upload-quota:${scope.scope}:${scope.value}`]);
    for (const scope of scopes) await check(scope, trx);
    return write(trx);
  });
}

/** Runs `open` (which adds one upload for `owner`) unless the visitor or the address already holds its limit of files (429). */
export function withinFileLimits<T>(
  knex: Knex,
  owner: QuotaOwner,
  open: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  return withinLimits(
    knex,
    owner,
    async ({ scope, column, value, files }, trx) => {
      if ((await held(trx, column, value)).files >= files)
        throw new TooManyRequests(tooManyPendingUploads(scope, files));
    },
    open,
  );
}

/**
 * Holds `declaredBytes` for an upload against its visitor's and address's byte limits before its bytes
 * arrive (429 when that would pass either). A second write of the same upload replaces its own hold.
 */
export async function reserveUploadBytes(
  knex: Knex,
  upload: QuotaOwner & { id: string },
  declaredBytes: number,
): Promise<void> {
  await withinLimits(
    knex,
    upload,
    async ({ scope, column, value, gb }, trx) => {
      if ((await held(trx, column, value, upload.id)).bytes + declaredBytes > gb * GB)
        throw new TooManyRequests(pendingUploadBytesExceeded(scope, gb));
    },
    async (trx) => {
      await Upload.query(trx).findById(upload.id).patch({ declaredSize: declaredBytes });
    },
  );
}
