// `npm run build`: builds the shell and every remote (`--force` rebuilds even when unchanged).
import { buildApps } from './lib/build';

const built = await buildApps({ force: process.argv.includes('--force') });
if (built.length === 0) console.log('All apps are up to date.');
