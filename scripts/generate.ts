// `npm run generate [-- --check]`: writes the files that copy facts from code (today the service ports
// of SERVICE_PORTS into docker-compose.yml, the Kubernetes manifests and .env.example, see
// lib/port-files.ts). With --check it writes nothing and fails, naming them, when a file differs.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/paths';
import { portFiles, renderPortFile } from './lib/port-files';

const { values: args } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const stale: string[] = [];
for (const file of portFiles(ROOT)) {
  const at = path.join(ROOT, file);
  const text = readFileSync(at, 'utf8');
  const rendered = renderPortFile(file, text);
  if (rendered === text) continue;
  stale.push(file);
  if (!args.check) writeFileSync(at, rendered);
}
if (args.check && stale.length > 0) {
  console.error(`Out of date (run npm run generate): ${stale.join(', ')}`);
  process.exit(1);
}
console.log(
  stale.length ? `${args.check ? 'Stale' : 'Wrote'}: ${stale.join(', ')}` : 'Generated files are up to date.',
);
