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
  ].join('\n');
}

if (process.argv[1] === import.meta.filename) writeFileSync(TABLE_OWNERS_DOC, tableOwnersDoc());
