import { describe, expect, it } from 'vitest';
import { readGatewayConfig, remotesManifest } from '../src/config';

const base = { DATABASE_URL: 'postgres://localhost/x', IDENTITY_SECRET: 'a'.repeat(64) };

// MF_REMOTES points the shell at remotes served elsewhere (a CDN); the shell loads each by its remoteEntry.js.
describe('MF_REMOTES', () => {
  it('lists configured remote entries at /mf/remotes.json', () => {
    const remotes = [{ name: 'mf_admin_email', entry: 'https://cdn.example.com/mf-admin-email/remoteEntry.js' }];
    const config = readGatewayConfig({ ...base, MF_REMOTES: JSON.stringify(remotes) });
    expect(remotesManifest(config)).toEqual({ remotes });
  });

  it('refuses a manifest URL, naming the remote and what to give instead', () => {
    const remotes = [{ name: 'mf_admin_email', entry: 'https://cdn.example.com/mf-admin-email/mf-manifest.json' }];
    expect(() => readGatewayConfig({ ...base, MF_REMOTES: JSON.stringify(remotes) })).toThrow(
      /MF_REMOTES: the entry of mf_admin_email \(https:\/\/cdn\.example\.com\/mf-admin-email\/mf-manifest\.json\) must be the URL of its remoteEntry\.js/,
    );
  });

  it('refuses a list that is not JSON of {name, entry}', () => {
    expect(() => readGatewayConfig({ ...base, MF_REMOTES: '[{"name":"x"}]' })).toThrow(
      /MF_REMOTES must be a JSON array/,
    );
  });
});
