// The campaign renderer renders a template once and fills in each recipient's links; every mail it
// makes must be exactly the one the reference path (render + personalise per recipient) makes.
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_TEMPLATES } from '@mastering/contracts';
import { createCampaignRenderer, renderCampaignMail } from '../../src/campaigns/render';
import { resolveSource, viewOf } from '../../src/mail/templates';
import { createLinkSigner } from '../../src/tracking/links';

const SITE = 'https://studio.example';
const links = createLinkSigner('r'.repeat(40), SITE);
const view = viewOf(
  { subject: 'Summer <news> & more', content: 'Hear the new masters\nhttps://example.com/listen?a=1&b=2' },
  SITE,
);

// Addresses of many lengths (so the unsubscribe URLs differ in length and wrap differently), mixed case.
const recipients = [
  'a@b.co',
  'Listener-1@Example.com',
  'someone.with.a.rather.long.address+campaigns@subdomain.example.co.za',
  ...Array.from({ length: 40 }, (_, i) => `${'x'.repeat(i)}${i}@example.com`),
].map((email, i) => ({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, email }));

async function expectSameAsReference(source: { subject: string; html: string; text?: string | null }, signer = links) {
  const renderer = createCampaignRenderer(source, view, signer);
  for (const recipient of recipients) {
    expect(await renderer.mailFor(recipient)).toEqual(await renderCampaignMail(source, view, signer, recipient));
  }
}

describe('campaign renderer', () => {
  it.each(CAMPAIGN_TEMPLATES)(
    'gives each recipient exactly the reference mail: built-in %s template',
    async (template) => {
      const { source } = await resolveSource(null, template);
      await expectSameAsReference(source);
    },
  );

  it('matches the reference for an edited template that uses the unsubscribe link anywhere, with html-to-text making the text', async () => {
    const html = [
      '<html><body>',
      '<p>{{content}}</p>',
      '<p>Leave: <a href="{{unsubscribeUrl}}">unsubscribe</a> or <a href="{{unsubscribeUrl}}?why=1&amp;x=2">tell us why</a></p>',
      '<p>Raw: {{{unsubscribeUrl}}} {{#unsubscribeUrl}}(has a link){{/unsubscribeUrl}}</p>',
      '<a href="https://example.com/a?b=1&amp;c=2">a link</a> <a href="mailto:hi@example.com">mail</a> <a href="{{siteUrl}}/upload">upload</a>',
      '<p>A long line of words that html-to-text will have to wrap somewhere before or after the link itself {{unsubscribeUrl}} and after it.</p>',
      '</body></html>',
    ].join('');
    await expectSameAsReference({ subject: '{{subject}} (unsubscribe: {{unsubscribeUrl}})', html, text: null });
    await expectSameAsReference({ subject: '{{subject}}', html, text: 'Plain {{content}}\nOut: {{unsubscribeUrl}}' });
  });

  it('adds the footer and pixel when an edited template has no unsubscribe link and no body tag', async () => {
    await expectSameAsReference({
      subject: 'Hi',
      html: '<p>{{content}} <a href="https://example.com/">go</a></p>',
      text: 'Hi',
    });
  });

  it('falls back to the reference path when the site address would be escaped in HTML', async () => {
    await expectSameAsReference(
      { subject: '{{subject}}', html: '<p><a href="{{unsubscribeUrl}}">u</a></p>', text: null },
      createLinkSigner('r'.repeat(40), 'https://studio.example/?a=1&b=2'),
    );
  });

  it('signs each recipient its own links', async () => {
    const { source } = await resolveSource(null, 'promotion');
    const renderer = createCampaignRenderer(source, view, links);
    const [one, two] = [await renderer.mailFor(recipients[0]!), await renderer.mailFor(recipients[1]!)];
    expect(one.html).toContain(links.openUrl(recipients[0]!.id));
    expect(one.html).not.toContain(links.openUrl(recipients[1]!.id));
    expect(two.html).toContain(links.unsubscribeUrl(recipients[1]!.email));
    expect(two.headers['List-Unsubscribe']).toBe(`<${links.unsubscribeUrl(recipients[1]!.email)}>`);
    expect(one.html).not.toBe(two.html);
  });
});
