import { describe, expect, it } from 'vitest';
import { parseRemotesConfig } from '../src/remotes/remotes-config';

describe('parseRemotesConfig', () => {
  it('reads the gateway list', () => {
    expect(
      parseRemotesConfig({ remotes: [{ name: 'mf_admin_email', entry: '/mf/mf-admin-email/mf-manifest.json', extra: 1 }] }),
    ).toEqual([{ name: 'mf_admin_email', entry: '/mf/mf-admin-email/mf-manifest.json' }]);
  });

  it('drops malformed entries but keeps the others', () => {
    const list = parseRemotesConfig({ remotes: [{ name: 'a' }, null, { name: '', entry: '/x' }, { name: 'b', entry: '/b.json' }] });
    expect(list).toEqual([{ name: 'b', entry: '/b.json' }]);
  });

  it('rejects a body without a list', () => {
    expect(() => parseRemotesConfig({})).toThrow('/mf/remotes.json has no "remotes" list');
    expect(() => parseRemotesConfig(null)).toThrow();
  });
});
