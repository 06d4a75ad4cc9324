// Preloaded into TestCafe (NODE_OPTIONS=--require, scripts/e2e.ts): it tells TestCafe that it does not run in a
// container, so it opens Chromium the way it does on any machine, at its page, and waits up to its browser-init
// timeout (2 min) for that page to connect.
//
// Why: in a container (/.dockerenv, as on the CI machine) TestCafe 3 opens Chromium on a blank page instead and
// gives its DevTools port a fixed 10 s to answer (local-chrome.js, startOnDocker; not configurable). With the two
// stacks, two TestCafes and the unit tests starting on 2 cores, that port sometimes answered later: TestCafe said
// 'Unable to open the "chromium…" browser … ECONNREFUSED' at the start of a group, or when it restarted a browser
// mid-run, and the group stopped (the CI run that did not land; reproduced with two TestCafes beside 6 busy loops).
// The flags a container needs (--no-sandbox, --disable-dev-shm-usage, --disable-gpu) are passed by e2e.ts itself.
const path = require('node:path');

const testcafe = path.dirname(require.resolve('testcafe/package.json'));
const isDocker = require.resolve('is-docker', { paths: [testcafe] });
require(isDocker);
require.cache[isDocker].exports = () => false;
