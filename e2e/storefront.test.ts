import { ClientFunction, RequestMock, Selector } from 'testcafe';
import { byTestId, htmlClass, isHydrated, reload, restoreWindow, SITE } from './support';

fixture('Storefront').page(SITE);

test('home renders the hero, the seeded examples and testimonials from the services', async (t) => {
  await t.expect(byTestId('page-home').exists).ok();
  await t.expect(Selector('h1').innerText).match(/radio-ready/i);
  // Seeded content comes through gateway -> content service -> PostgreSQL.
  await t.expect(Selector('body').innerText).contains('Launch Special');
  await t.expect(byTestId('examples-player').exists).ok();
  await t.expect(byTestId('player-title').innerText).notEql('');
  await t.expect(byTestId('testimonial').count).gte(3);
});

test('theme defaults to dark and the choice persists across a reload', async (t) => {
  await t.expect(htmlClass()).contains('dark');
  await t.expect(isHydrated('theme-menu')).ok();
  await t.click(byTestId('theme-menu')).click(byTestId('theme-option-light'));
  await t.expect(htmlClass()).notContains('dark');
  await reload();
  await t.expect(byTestId('page-home').exists).ok();
  await t.expect(htmlClass()).notContains('dark');
  await t.expect(isHydrated('theme-menu')).ok();
  await t.click(byTestId('theme-menu')).click(byTestId('theme-option-dark'));
  await t.expect(htmlClass()).contains('dark');
});

// scripts/e2e.ts starts Chromium asking for less motion, as a visitor's system setting can.
const motion = ClientFunction(() => {
  const upload = document.querySelector('[data-testid="hero-start"]')!;
  return {
    reduced: window.matchMedia('(prefers-reduced-motion: reduce)').matches,
    scroll: getComputedStyle(document.documentElement).scrollBehavior,
    buttonTransition: getComputedStyle(upload).transitionDuration,
  };
});

test('a visitor who asks for less motion gets jumps instead of glides, and no transitions', async (t) => {
  await t.expect(byTestId('page-home').exists).ok();
  // Buttons fade their colours over 150 ms (transition-colors) for everyone else.
  await t.expect(motion()).eql({ reduced: true, scroll: 'auto', buttonTransition: '1e-05s' });
});

test('an unknown route shows the 404 page', async (t) => {
  await t.navigateTo(`${SITE}/no-such-page`);
  await t.expect(byTestId('not-found').innerText).contains('404 Page Not Found');
});

const bodyOverflow = ClientFunction(() => document.body.style.overflow);
const scrollToExamples = ClientFunction(() => document.getElementById('examples')!.scrollIntoView());

test('the comparison table compares eight features against DIY and cheap auto-mastering', async (t) => {
  const table = byTestId('comparison-table');
  await t.expect(table.find('thead th').count).eql(4);
  await t.expect(table.find('tbody tr').count).eql(8);
  await t.expect(table.innerText).contains('R324 launch special');
  await t.expect(table.innerText).contains('R50-150');
  await t.expect(table.find('thead').innerText).contains('DIY mastering');
});

test('the examples player: Space plays and pauses, A switches version, the neighbours wrap around', async (t) => {
  const player = byTestId('examples-player');
  await t.expect(player.exists).ok();
  await scrollToExamples();
  await t.expect(player.getAttribute('data-version')).eql('original');
  const first = await player.getAttribute('data-track');
  await t.pressKey('space');
  await t.expect(player.getAttribute('data-playing')).eql('true');
  await t.pressKey('space');
  await t.expect(player.getAttribute('data-playing')).eql('false');
  // A: mastered, which starts by itself (~100 ms); A again: original, still playing.
  await t.pressKey('a');
  await t.expect(player.getAttribute('data-version')).eql('mastered');
  await t.expect(player.getAttribute('data-playing')).eql('true');
  await t.pressKey('a');
  await t.expect(player.getAttribute('data-version')).eql('original');
  await t.expect(player.getAttribute('data-playing')).eql('true');
  await t.pressKey('space');
  await t.expect(player.getAttribute('data-playing')).eql('false');
  // Four tracks: back once wraps to the last, forward twice lands on the second.
  await t.click(byTestId('player-previous'));
  await t.expect(player.getAttribute('data-track')).notEql(first);
  await t.click(byTestId('player-next')).click(byTestId('player-next'));
  await t.click(byTestId('player-previous'));
  await t.expect(player.getAttribute('data-track')).eql(first);
  await t.click(byTestId('player-mastered'));
  await t.expect(byTestId('player-mastered').getAttribute('aria-pressed')).eql('true');
});

for (const button of ['header-start', 'hero-start', 'cta-start']) {
  test(`"${button}" opens the upload modal`, async (t) => {
    // The testimonials arrive after first paint and push the closing call to action down: click once they are in,
    // or the click lands where the button was.
    await t.expect(byTestId('testimonial').count).gte(3);
    await t.click(byTestId(button));
    await t.expect(byTestId('upload-modal').visible).ok();
    await t.expect(byTestId('upload-modal').innerText).contains('Upload Your Track');
    await t.pressKey('esc');
    await t.expect(byTestId('upload-modal').exists).notOk();
  });
}

test('on a phone the menu locks scrolling, closes on a pick, and its start button opens the modal', async (t) => {
  await t.resizeWindow(390, 844);
  await t.click(byTestId('mobile-menu-toggle'));
  await t.expect(byTestId('mobile-menu').visible).ok();
  await t.expect(bodyOverflow()).eql('hidden');
  await t.click(byTestId('mobile-menu').find('button').withText('Examples'));
  await t.expect(byTestId('mobile-menu').exists).notOk();
  await t.expect(bodyOverflow()).eql('');
  await t.click(byTestId('mobile-menu-toggle')).click(byTestId('mobile-menu-start'));
  await t.expect(byTestId('mobile-menu').exists).notOk();
  await t.expect(byTestId('upload-modal').visible).ok();
}).after(restoreWindow);

/** How far the page is wider than the window (0: no sideways scrolling). */
const pageOverflow = ClientFunction(() => document.documentElement.scrollWidth - window.innerWidth);

test('on a phone no storefront page scrolls sideways', async (t) => {
  await t.resizeWindow(390, 844);
  for (const path of ['/', '/upload', '/track-order', '/your-data', '/terms', '/refunds']) {
    await t.navigateTo(`${SITE}${path}`);
    await t.expect(Selector('h1').exists).ok(path);
    await t.expect(pageOverflow()).lte(0, `${path} fits a 390 px screen`);
  }
}).after(restoreWindow);

// The upload URL call fails on purpose, so these messages hold whatever the back end does.
const failingUploadUrl = RequestMock()
  .onRequestTo({ url: /\/api\/files\/upload$/, method: 'POST' })
  .respond({ error: 'Storage unavailable' }, 503, { 'access-control-allow-origin': '*' });

test.requestHooks(failingUploadUrl)('the upload page shows every validation message it can reach', async (t) => {
  await t.navigateTo(`${SITE}/upload`);
  await t.expect(Selector('h1').innerText).eql('Upload Your Track');
  await t
    .expect(byTestId('upload-subtitle').innerText)
    .eql('Professional mastering with 48-hour turnaround • R499 per track, 35% off total');
  await t.expect(byTestId('proceed-to-payment').hasAttribute('disabled')).ok();
  await t.setFilesToUpload(byTestId('file-input'), ['./fixtures/notes.txt']);
  await t
    .expect(byTestId('upload-error').innerText)
    .eql('No valid audio files found. Please upload .wav, .mp3, .flac, .aiff, or .m4a files.');
  await t.expect(byTestId('upload-item').count).eql(0);
  await t.setFilesToUpload(byTestId('file-input'), ['./fixtures/short-mix.wav']);
  await t.expect(byTestId('upload-item').getAttribute('data-status')).eql('error');
  await t.expect(byTestId('upload-error').innerText).eql('Failed to upload short-mix.wav. Please try again.');
  await t.expect(byTestId('summary-total').innerText).eql('R324');
  await t.typeText(byTestId('customer-email'), 'artist@example.com', { paste: true });
  await t.click(byTestId('proceed-to-payment'));
  await t
    .expect(byTestId('upload-error').innerText)
    .eql('Some files failed to upload: short-mix.wav. Please try uploading them again.');
  await t.expect(byTestId('payment-dialog').exists).notOk();
  await t.click(byTestId('upload-item-remove'));
  await t.expect(byTestId('upload-item').count).eql(0);
  await t.expect(byTestId('proceed-to-payment').hasAttribute('disabled')).ok();
});

test('the payment outcome pages show their texts without an order', async (t) => {
  await t.navigateTo(`${SITE}/payment/cancelled`);
  await t.expect(Selector('h1').innerText).eql('Payment Cancelled');
  await t.expect(byTestId('retry-payment').innerText).eql('Try Again');
  await t.navigateTo(`${SITE}/payment/failed`);
  await t.expect(Selector('h1').innerText).eql('Payment Failed');
  await t.expect(byTestId('retry-payment').innerText).eql('Try Payment Again');
  await t.navigateTo(`${SITE}/payment/success`);
  await t.expect(Selector('h1').innerText).eql('Payment Successful!');
  await t.expect(byTestId('next-steps').find('li').count).eql(3);
  await t.expect(byTestId('master-more').innerText).eql('Master More Tracks');
});
