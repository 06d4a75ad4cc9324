import { Selector } from 'testcafe';
import { byTestId, htmlClass, reload, SITE } from './support';

fixture('Storefront').page(SITE);

test('home renders the hero, the seeded examples and testimonials from the services', async (t) => {
  await t.expect(byTestId('page-home').exists).ok();
  await t.expect(Selector('h1').innerText).match(/radio-ready/i);
  // Seeded content comes through gateway -> content service -> PostgreSQL.
  await t.expect(Selector('body').innerText).contains('Launch Special');
  await t.expect(byTestId('showcase-track').count).eql(4);
  await t.expect(byTestId('testimonial').count).gte(3);
});

test('theme defaults to dark and the choice persists across a reload', async (t) => {
  await t.expect(htmlClass()).contains('dark');
  await t.click(byTestId('theme-menu')).click(byTestId('theme-option-light'));
  await t.expect(htmlClass()).notContains('dark');
  await reload();
  await t.expect(byTestId('page-home').exists).ok();
  await t.expect(htmlClass()).notContains('dark');
  await t.click(byTestId('theme-menu')).click(byTestId('theme-option-dark'));
  await t.expect(htmlClass()).contains('dark');
});

test('an unknown route shows the 404 page', async (t) => {
  await t.navigateTo(`${SITE}/no-such-page`);
  await t.expect(byTestId('not-found').innerText).contains('404 Page Not Found');
});
