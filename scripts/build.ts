// `npm run build`: bundles every service and builds the shell and every remote
// (`--force` rebuilds front-end apps even when unchanged).
import { buildApps } from './lib/build';
import { bundleServices, SERVICES } from './lib/services';

await bundleServices(SERVICES, { force: true });
console.log(`Bundled ${SERVICES.join(', ')}.`);
const built = await buildApps({ force: process.argv.includes('--force') });
if (built.length === 0) console.log('All front-end apps are up to date.');
