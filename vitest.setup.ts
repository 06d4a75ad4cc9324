// Runs before every test file, also when a worker keeps its modules from one file to the next
// (`isolate: false`): a hook a shared module registered at import time would attach to the first file
// only, so Testing Library's cleanup is registered here, per file, for the files that have a DOM.
import { afterEach } from 'vitest';

if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  afterEach(cleanup);
  // findBy*/waitFor wait up to 15 s instead of Testing Library's 1 s: `npm test` runs these files beside the
  // journeys on two busy cores, where rendering a page in jsdom took over a second (the home page, the order
  // page's Replace file). They still answer as soon as the element is there.
  configure({ asyncUtilTimeout: 15_000 });
}
