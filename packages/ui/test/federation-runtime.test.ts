import { describe, expect, it } from 'vitest';
import { federationExperiments } from '../build';

// The federation runtime ships once per page: the shell provides it, production remotes take it.
describe('federationExperiments', () => {
  it('has the shell provide the runtime and production remotes take it from there', () => {
    expect(federationExperiments(true, true)).toMatchObject({ provideExternalRuntime: true });
    expect(federationExperiments(false, true)).toMatchObject({ externalRuntime: true });
  });

  it('lets a remote served alone by its dev server keep its own runtime', () => {
    expect(federationExperiments(false, false)).not.toHaveProperty('externalRuntime');
  });

  it('drops the runtime’s Node code everywhere', () => {
    for (const [host, production] of [
      [true, true],
      [false, true],
      [false, false],
    ])
      expect(federationExperiments(host, production).optimization).toEqual({ target: 'web' });
  });
});
