// `npm run build -w services/<name>`: bundles one service into services/<name>/dist/server.mjs.
import { bundleServices, SERVICES, type ServiceName } from './lib/services';

const name = process.argv[2] as ServiceName;
if (!SERVICES.includes(name)) throw new Error(`Usage: build-service.ts <${SERVICES.join('|')}>`);
await bundleServices([name], { force: true });
console.log(`Bundled services/${name}/dist/server.mjs`);
