import { register } from 'node:module';

// For build scripts that run the front end's sources in Node (scripts/prerender.ts): a stylesheet or
// audio file imported for its side effect in the bundle (webpack emits it) is an empty module here.
const hooks = `export async function load(url, context, nextLoad) {
  if (/\\.(css|wav)$/.test(new URL(url).pathname)) return { format: 'module', source: '', shortCircuit: true };
  return nextLoad(url, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
