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
    "  `services/storefront/src/uploads/master.ts`): ops opens and attaches an engineer's master.",
    '',
    'Writes not moved to their owner yet are listed, by file, in `NOT_YET_MOVED` in',
    '`scripts/test/table-owners.test.ts`; the list may only shrink.',
    '',
  ].join('\n');
}

if (process.argv[1] === import.meta.filename) writeFileSync(TABLE_OWNERS_DOC, tableOwnersDoc());
