import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { federationExperiments, federationRuntimePlugins } from '../build';

// The federation runtime ships once per page: the shell provides it, production remotes take it.
describe('federationExperiments', () => {
  it('has production remotes take the runtime the shell provides', () => {
    expect(federationExperiments(false, true)).toMatchObject({ externalRuntime: true });
    expect(federationExperiments(true, true)).not.toHaveProperty('externalRuntime');
  });

  it('lets a remote served alone by its dev server keep its own runtime', () => {
    expect(federationExperiments(false, false)).not.toHaveProperty('externalRuntime');
  });

  it('drops the runtime’s Node code and its manifest (snapshot) code everywhere', () => {
    for (const [host, production] of [
      [true, true],
      [false, true],
      [false, false],
    ])
      expect(federationExperiments(host, production).optimization).toEqual({ target: 'web', disableSnapshot: true });
  });
});

describe('federationRuntimePlugins', () => {
  // `provideExternalRuntime: true` adds the same plugin as a CommonJS file, which pulls in a second,
  // CommonJS copy of the whole runtime (main.js 32 KB brotli instead of 22).
  it('has the shell provide its runtime through the plugin’s ES module file, which imports the ES runtime', () => {
    expect(federationExperiments(true, true)).not.toHaveProperty('provideExternalRuntime');
    const [plugin, ...others] = federationRuntimePlugins(true);
    expect(others).toEqual([]);
    expect(plugin).toMatch(/inject-external-runtime-core-plugin[\\/].*\.js$/);
    const source = readFileSync(plugin!, 'utf8');
    expect(source).toMatch(/^import .* from "@module-federation\/runtime-tools\/runtime-core"/m);
    expect(source).not.toContain('require(');
  });

  it('gives the remotes none: they take the shell’s runtime', () => {
    expect(federationRuntimePlugins(false)).toEqual([]);
  });
});
