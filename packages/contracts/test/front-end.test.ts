import { describe, expect, it } from 'vitest';
import {
  CODE_EXPIRES_NOTE,
  defaultRemotesManifest,
  documentTitle,
  isStaffRole,
  launchSpecialBanner,
  priceLine,
  remoteApp,
  REMOTE_APPS,
  RemotesManifest,
  ROLES,
  ROUTES_MODULE,
  siteConfigFor,
  startMasteringLabel,
  uploadAndSaveLabel,
  uploadPageSubtitle,
} from '../src/index';

describe('remote manifest', () => {
  it('names each remote once: unique ids, container names, folders and dev ports', () => {
    for (const key of ['id', 'name', 'dir', 'devPort'] as const) {
      expect(new Set(REMOTE_APPS.map((app) => app[key])).size, key).toBe(REMOTE_APPS.length);
    }
    for (const app of REMOTE_APPS) expect(app.exposes).toHaveProperty(ROUTES_MODULE);
  });

  it('finds a remote by id', () => {
    expect(remoteApp('email')).toMatchObject({ name: 'mf_admin_email', dir: 'mf-admin-email' });
  });

  it('the default /mf/remotes.json points at each remote build under its folder and passes its own schema', () => {
    const manifest = defaultRemotesManifest();
    expect(RemotesManifest.parse(manifest)).toEqual(manifest);
    expect(manifest.remotes).toContainEqual({ name: 'mf_storefront', entry: '/mf/mf-storefront/remoteEntry.js' });
    expect(manifest.remotes).toHaveLength(REMOTE_APPS.length);
  });

  it('the schema refuses entries without a name or an entry', () => {
    expect(RemotesManifest.safeParse({ remotes: [{ name: 'x' }] }).success).toBe(false);
    expect(RemotesManifest.safeParse({ remotes: [{ name: '', entry: '/e' }] }).success).toBe(false);
    expect(RemotesManifest.safeParse({}).success).toBe(false);
  });
});

describe('staff roles', () => {
  it('admins and engineers run the back-office, customers do not', () => {
    expect(ROLES.filter((role) => isStaffRole(role))).toEqual(['engineer', 'admin']);
    expect(isStaffRole(null)).toBe(false);
    expect(isStaffRole(undefined)).toBe(false);
  });
});

describe('launch-special texts', () => {
  it('read as the spec writes them with the default 35% and R499', () => {
    expect(startMasteringLabel(35)).toBe('Start Mastering - 35% Off');
    expect(uploadAndSaveLabel(35)).toBe('Upload Your Track & Get 35% Off');
    expect(launchSpecialBanner(35)).toBe('Launch Special: 35% off your total order');
    expect(uploadPageSubtitle({ basePrice: 499, launchDiscountPercent: 35 })).toBe(
      'Professional mastering with 48-hour turnaround • R499 per track, 35% off total',
    );
    expect(priceLine(siteConfigFor({ basePriceCents: 49900, launchDiscountPercent: 35, maxFileSizeMb: 500 }))).toBe(
      'R499 per track, 35% off',
    );
  });

  it('follow other settings and drop the discount when there is none', () => {
    expect(startMasteringLabel(20)).toBe('Start Mastering - 20% Off');
    expect(startMasteringLabel(undefined)).toBe('Start Mastering');
    expect(uploadAndSaveLabel(0)).toBe('Upload Your Track');
    expect(priceLine({ basePrice: 499.5, launchDiscountPercent: 20 })).toBe('R499,50 per track, 20% off');
    expect(priceLine({ basePrice: 600, launchDiscountPercent: 0 })).toBe('R600 per track');
    expect(uploadPageSubtitle({ basePrice: 600, launchDiscountPercent: 0 })).toBe(
      'Professional mastering with 48-hour turnaround • R600 per track',
    );
  });
});

describe('login and page texts', () => {
  it('say the spec numbers', () => {
    expect(CODE_EXPIRES_NOTE).toBe('Code expires in 10 minutes');
    expect(documentTitle()).toBe('Radio-ready masters in 48 hours | Online audio mastering');
    expect(documentTitle('Order Management')).toBe('Order Management | Online audio mastering');
  });
});
