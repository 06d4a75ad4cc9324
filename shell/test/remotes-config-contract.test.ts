import { defaultRemotesManifest, RemotesManifest } from '@mastering/contracts';
import { describe, expect, it } from 'vitest';
import { parseRemotesConfig } from '../src/remotes/remotes-config';

// The shell reads /mf/remotes.json without zod (it would be 24 KB of every first load): it must
// accept and refuse exactly what the RemotesManifest contract does, and keep what it keeps.
describe('parseRemotesConfig and the RemotesManifest contract', () => {
  const bodies: unknown[] = [
    defaultRemotesManifest(),
    { remotes: [] },
    { remotes: [{ name: 'a', entry: '/e', extra: true }], version: 2 },
    { remotes: [{ name: 'a' }] },
    { remotes: [{ name: '', entry: '/e' }] },
    { remotes: [{ name: 'a', entry: 7 }] },
    { remotes: [{ name: 'a', entry: '/e' }, null] },
    { remotes: [['a', '/e']] },
    { remotes: {} },
    {},
    [],
    null,
    '<html>',
    42,
  ];

  it.each(bodies.map((body) => [JSON.stringify(body), body]))('agrees with the schema on %s', (_, body) => {
    const schema = RemotesManifest.safeParse(body);
    if (schema.success) expect(parseRemotesConfig(body)).toEqual(schema.data.remotes);
    else expect(() => parseRemotesConfig(body)).toThrow(/remotes\.json is not a remotes list \(.+: .+\)/);
  });
});
