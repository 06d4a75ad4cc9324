// Runs before every test file, also when a worker keeps its modules from one file to the next
// (`isolate: false`): a hook a shared module registered at import time would attach to the first file
// only, so Testing Library's cleanup is registered here, per file, for the files that have a DOM.
import { afterEach } from 'vitest';

if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(cleanup);
}
