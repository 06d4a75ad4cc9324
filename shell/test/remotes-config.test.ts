import { defaultRemotesManifest, REMOTE_APPS } from '@mastering/contracts';
import { describe, expect, it } from 'vitest';
import { parseRemotesConfig } from '../src/remotes/remotes-config';
import { REMOTES } from '../src/routes';

describe('parseRemotesConfig', () => {
  it('reads what the gateway answers by default: every remote the routing table names', () => {
    const list = parseRemotesConfig(JSON.parse(JSON.stringify(defaultRemotesManifest())));
    expect(list.map((r) => r.name).sort()).toEqual(Object.values(REMOTES).sort());
    expect(list.find((r) => r.name === 'mf_admin_email')?.entry).toBe('/mf/mf-admin-email/remoteEntry.js');
    expect(list).toHaveLength(REMOTE_APPS.length);
  });

  it('keeps name and entry and ignores fields a newer gateway may add', () => {
    expect(
      parseRemotesConfig({
        remotes: [{ name: 'mf_admin_email', entry: 'https://cdn.example/remoteEntry.js', extra: 1 }],
        version: 2,
      }),
    ).toEqual([{ name: 'mf_admin_email', entry: 'https://cdn.example/remoteEntry.js' }]);
  });

  it('rejects a malformed list and says where it is wrong', () => {
    expect(() => parseRemotesConfig({ remotes: [{ name: 'a' }] })).toThrow(
      /\/mf\/remotes\.json is not a remotes list \(remotes\.0\.entry: /,
    );
    expect(() => parseRemotesConfig({ remotes: [{ name: '', entry: '/x' }] })).toThrow(/remotes\.0\.name/);
  });

  it('rejects a body without a list', () => {
    expect(() => parseRemotesConfig({})).toThrow(/remotes\.json is not a remotes list \(remotes: /);
    expect(() => parseRemotesConfig(null)).toThrow(/remotes\.json is not a remotes list/);
    expect(() => parseRemotesConfig('<html>')).toThrow(/remotes\.json is not a remotes list/);
  });
});
