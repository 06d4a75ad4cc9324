// The studio's identity in GET /api/config (the footer, the checkout) starts as the spec's footer says,
// Johannesburg, until staff save their own (issue 50 Deliver 7); nothing else is invented for it.
import { describe, expect, it } from 'vitest';
import { SiteConfig } from '@mastering/contracts';
import { storefrontPerFile } from '../support';

const ctx = storefrontPerFile();

describe('the studio identity of a new site', () => {
  it('is the spec’s Johannesburg line, no phone or registration made up, until staff save theirs', async () => {
    const read = async () => SiteConfig.parse(await (await fetch(`${ctx.site.base}/api/config`)).json()).studio;
    expect(await read()).toMatchObject({
      physicalAddress: 'Johannesburg, South Africa',
      phone: '',
      registrationNumber: '',
      vatNumber: '',
    });

    // A General section saved before the identity fields existed keeps the default address.
    await ctx.db.knex('settings').insert({ key: 'general', value: JSON.stringify({ siteName: 'Kasi Mastering' }) });
    expect((await read()).physicalAddress).toBe('Johannesburg, South Africa');

    await ctx.db
      .knex('settings')
      .where({ key: 'general' })
      .update({ value: JSON.stringify({ siteName: 'Kasi Mastering', physicalAddress: '1 Fox Street, Johannesburg' }) });
    expect((await read()).physicalAddress).toBe('1 Fox Street, Johannesburg');
  });
});
