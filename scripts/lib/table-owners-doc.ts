import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OWNER_ROLES, TABLE_OWNERS, type TableOwner, tablesOwnedBy } from '@mastering/db';

// docs/table-owners.md is made from the declaration (packages/db/src/owners.ts), never by hand:
// scripts/test/table-owners.test.ts fails when the file and the map differ. To remake it:
//   node --import tsx scripts/lib/table-owners-doc.ts

/** Where the table of owners lives in the repo. */
export const TABLE_OWNERS_DOC = join(import.meta.dirname, '../../docs/table-owners.md');

/** The table of owners as markdown: each owner, the tables it alone writes, and its part. */
export function tableOwnersDoc(): string {
  const owners = [...new Set(Object.values(TABLE_OWNERS))] as TableOwner[];
  const rows = owners.map(
    (owner) =>
      `| ${owner} | ${tablesOwnedBy(owner)
        .map((table) => `\`${table}\``)
        .join(', ')} | ${OWNER_ROLES[owner]} |`,
  );
  return [
    '# Who writes each table',
    '',
    '<!-- Generated from packages/db/src/owners.ts by `node --import tsx scripts/lib/table-owners-doc.ts`;',
    '     scripts/test/table-owners.test.ts fails when this file and the map differ. Do not edit by hand. -->',
    '',
    'Every table has one owner, the one service that writes it; any service may read any table. A change',
    "to another service's table is a call to its owner (its internal route, or a job), never a write.",
    "The lint test `scripts/test/table-owners.test.ts` fails on a service's src that writes (insert,",
    'update, patch, delete, raw SQL) a table of another owner. Adding a table: one line in',
    '`packages/db/src/owners.ts`, then remake this file.',
    '',
    '| Owner | Tables it writes | Its part |',
    '|---|---|---|',
    ...rows,
    '',
    '## Calls to an owner',
    '',
    "A service calls another under `/internal/` (service-kit's `internal` rows: checked like the route",
    "table's, signed with the identity header, left out of the public API; the gateway forwards no such",
    'path):',
    '',
    "- `POST /internal/erasure` (every owner; `packages/orders/src/erasure.ts`): ops' coordinator",
    '  (`services/ops/src/customers/erasure.ts`) asks each owner in turn to erase a person from its tables;',
    '  the run is kept in `erasures`, so a crash midway resumes.',
    '- `POST /internal/master-uploads`, `/internal/master-uploads/:id/attach` (the storefront;',
    "  `services/storefront/src/uploads/master.ts`): ops opens an engineer's master upload and attaches it",
    "  as the order file's master.",
    '- `/internal/orders/:id/{assignee,expected-at,revoke-links,running-order,delay-notice,feedback-request}`,',
    '  `/internal/order-files/:id/processing`, `/internal/audio-deleted`, `/internal/sessions/cap` (the',
    "  storefront; `services/storefront/src/fulfilment/`): ops' staff actions, signed as the staff member,",
    '  and its timer jobs (late orders, feedback requests, retention), signed as its worker, through',
    '  `services/ops/src/storefront-writes.ts`. Asking twice is harmless (revoke-links, like its button,',
    '  revokes again); a refusal reaches the staff member as the same error, a failure as a 502, and a',
    "  job's failed run asks again on its next run.",
    '',
    'And through the queue:',
    '',
    '- `email.marketing-consent` (the email service runs it; `services/email/src/jobs/consent-request.ts`):',
    "  the checkout's ticked marketing box, queued in the order's transaction, recorded once it commits.",
    "- `audio.mix-check` (ops' worker writes `mix_checks`): the storefront queues it and marks its own",
    '  upload row (`mix_check_queued_at`), which reads pending until the check is written.',
    '',
  ].join('\n');
}

if (process.argv[1] === import.meta.filename) writeFileSync(TABLE_OWNERS_DOC, tableOwnersDoc());
