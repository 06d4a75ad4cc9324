// `npm run test:fuzz`: the API fuzzed from its OpenAPI document (scripts/lib/fuzz.ts) against the whole
// site started on its own ports. `npm run test:e2e` runs the same fuzzing on its stack after the journeys.
import { fuzzStack } from './lib/fuzz';
import { startThrowawayStack } from './lib/throwaway-stack';

const started = Date.now();
const site = await startThrowawayStack('mastering-fuzz');
let ok = false;
try {
  ok = (await fuzzStack(site)) && !site.failed();
} finally {
  await site.stop();
}
console.log(`fuzz: ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
process.exit(ok ? 0 : 1);
