import { ClientFunction } from 'testcafe';
import { byTestId, SITE } from './support';

// Issue 27: the last spec gaps, as a person meets them in the browser.
fixture('Spec gaps').page(SITE);

const scrollToExamples = ClientFunction(() => document.getElementById('examples')!.scrollIntoView());

test('after clicking a player button, Space and A still drive the player, once per press', async (t) => {
  const player = byTestId('examples-player');
  await t.expect(player.exists).ok();
  await scrollToExamples();
  // Clicking the big button leaves it focused: Space now pauses once (not pause + the button's own click).
  await t.click(byTestId('player-play'));
  await t.expect(player.getAttribute('data-playing')).eql('true');
  await t.pressKey('space');
  await t.expect(player.getAttribute('data-playing')).eql('false');
  await t.pressKey('space');
  await t.expect(player.getAttribute('data-playing')).eql('true');
  await t.pressKey('space');
  await t.expect(player.getAttribute('data-playing')).eql('false');
  // A, with the neighbour button focused after a click, switches the version.
  await t.click(byTestId('player-next'));
  await t.pressKey('a');
  await t.expect(player.getAttribute('data-version')).eql('mastered');
  await t.pressKey('a');
  await t.expect(player.getAttribute('data-version')).eql('original');
});
