// TestCafe settings for every journey (scripts/e2e.ts passes the rest on the command line).
// "ResizeObserver loop completed with undelivered notifications" is the browser saying it deferred a
// resize callback to the next frame (headlessui's select measures itself while opening); it is not an
// error of the page and failed a journey in CI once. Every other page error still fails a journey.
module.exports = {
  skipJsErrors: { message: /^ResizeObserver loop (completed with undelivered notifications|limit exceeded)\.?$/ },
};
