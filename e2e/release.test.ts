import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Selector } from 'testcafe';
import {
  byTestId,
  cookiesSetBy,
  engineer,
  inboxIds,
  newDownloadLinkFor,
  openAdminOrder,
  orderLinkOf,
  SITE,
  siteJson,
  fixtureWithTracks,
  type TrackFiles,
} from './support';

// Issue 55: an EP as one release. The customer orders three tracks as an EP with a reference track and
// gaps (over HTTP, the calls the upload page makes); the engineer sees the release as one unit in Audio
// Files and the order dialog, masters each track, sees the coherence table and delivers; the customer's
// order page lists the EP in running order and plays it, and the delivery downloads as one numbered zip.

fixtureWithTracks('Releases', 'release-e2e-', ['Opening.wav', 'Middle.wav', 'Closing.wav', 'Reference.wav']);

/** Uploads `track` as the visitor `cookie` (a new one when empty); answers its stored path, name, size and the cookie. */
async function upload(track: string, cookie: string) {
  const { res, json } = await siteJson('POST', '/api/files/upload', cookie, undefined, [200]);
  const visitor = cookie || cookiesSetBy(res).join('; ');
  const uploadURL = String(json.uploadURL);
  const bytes = readFileSync(track);
  const sent = await fetch(`${SITE}${uploadURL}`, {
    method: 'PUT',
    headers: { 'content-type': 'audio/wav', origin: SITE, cookie: visitor },
    body: bytes,
  });
  if (!sent.ok) throw new Error(`PUT ${uploadURL}: ${sent.status} ${await sent.text()}`);
  return { cookie: visitor, path: `/objects/${uploadURL.split('/').pop()}`, name: basename(track), size: bytes.length };
}

/** A paid EP of the fixture's first three tracks in the running order Closing, Opening, Middle, with the reference. */
async function paidEpOverHttp(t: TestController, email: string) {
  const { tracks } = t.fixtureCtx.files as TrackFiles;
  let cookie = '';
  const uploaded = [];
  for (const track of tracks) {
    const up = await upload(track, cookie);
    cookie = up.cookie;
    uploaded.push(up);
  }
  const files = uploaded.slice(0, 3).map((up) => ({
    originalName: up.name,
    fileName: up.name,
    fileSize: up.size,
    mimeType: 'audio/wav',
    originalFilePath: up.path,
  }));
  const release = {
    kind: 'ep',
    title: 'Night Drive',
    artist: 'Thandi',
    notes: 'Keep the dynamics.',
    tracks: [
      { file: 2, gapSeconds: 2 },
      { file: 0, gapSeconds: null },
      { file: 1, gapSeconds: 3 },
    ],
    anchor: 1,
    references: [
      { originalFilePath: uploaded[3]!.path, originalName: 'Reference.wav', takes: ['loudness'], note: 'This loud.' },
    ],
  };
  const draft = { customerEmail: email, files, release, termsAccepted: true };
  // The price is the server's (an EP is priced per track at the release price): quoted by a 409 first.
  const unpriced = { subtotal: 0, discount: 0, total: 0, trackCount: 3, discountPercent: 0 };
  const quote = await siteJson('POST', '/api/orders', cookie, { ...draft, pricing: unpriced }, [409]);
  const { pricing } = quote.json.details as { pricing: unknown };
  const placed = await siteJson('POST', '/api/orders', cookie, { ...draft, pricing }, [201]);
  const orderId = (placed.json.order as { id: string }).id;
  const checkout = await siteJson('POST', '/api/payment/create-checkout', cookie, { orderId }, [200]);
  const paid = await fetch(`${String(checkout.json.redirectUrl)}/pay`, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`Pay on the sandbox page: ${paid.status} ${await paid.text()}`);
  return orderId;
}

/** The names inside a stored (uncompressed) zip, in order, from its local file headers. */
function zipNames(zip: Buffer): string[] {
  const names: string[] = [];
  for (let at = zip.indexOf('PK\u0003\u0004'); at >= 0; at = zip.indexOf('PK\u0003\u0004', at + 4)) {
    const length = zip.readUInt16LE(at + 26);
    const extra = zip.readUInt16LE(at + 28);
    names.push(zip.subarray(at + 30, at + 30 + length).toString('utf8'));
    at += 30 + length + extra;
  }
  return names;
}

test('a three-track EP with a reference: mastered and delivered as one release, played in order, one numbered zip', async (t) => {
  const customer = `ep-${Date.now()}@example.com`;
  const { tracks } = t.fixtureCtx.files as TrackFiles;
  const mailsBefore = await inboxIds();
  const orderId = await paidEpOverHttp(t, customer);

  // Audio Files, opened on the order: the release as one unit, its running order, anchor and reference.
  await t.useRole(engineer);
  await t.navigateTo(`${SITE}/admin/files?orderId=${orderId}`);
  const panel = byTestId('release-panel');
  await t.expect(panel.innerText).contains('Thandi – Night Drive');
  await t.expect(panel.find('[data-testid="release-track"]').nth(0).innerText).contains('Closing.wav');
  await t.expect(panel.find('[data-testid="release-track"]').nth(1).innerText).contains('Anchor');
  await t.expect(panel.find('[data-testid="release-references"]').innerText).contains('Reference.wav');

  // A master for each track (the mix itself stands in for it).
  await t.expect(byTestId('file-row').count).eql(3);
  for (let i = 0; i < 3; i++) {
    await t.click(byTestId('file-row').withText(basename(tracks[i]!)));
    await t.setFilesToUpload(byTestId('master-file-input'), [tracks[i]!]);
    await t.expect(byTestId('toast').withText('Mastered file uploaded successfully!').exists).ok();
    await t.pressKey('esc');
  }

  // The order dialog: the release with its coherence table, then Delivered.
  await openAdminOrder(t, customer);
  await t.expect(byTestId('coherence-row').count).eql(3, 'the coherence table has a row per track');
  await t.expect(byTestId('coherence-flag').exists).notOk('identical masters sit together');
  const seen = await inboxIds();
  await t.click(byTestId('order-new-status')).click(Selector('[role="option"]').withText('Delivered'));
  await t.click(byTestId('order-update-status'));
  await t.expect(byTestId('toast').withText('Order status updated successfully!').exists).ok();

  // The customer's mails: the order page plays the EP in running order; the delivery is one numbered zip.
  const orderPage = await orderLinkOf(customer, 'Order confirmed', mailsBefore);
  const download = await newDownloadLinkFor(customer, seen);
  await t.deleteCookies();
  await t.navigateTo(orderPage);
  const release = byTestId('release');
  await t.expect(release.innerText).contains('Thandi – Night Drive');
  const rows = release.find('[data-testid="release-track"]');
  await t.expect(rows.count).eql(3);
  await t.expect(rows.nth(0).innerText).contains('Closing.wav');
  await t.expect(rows.nth(1).innerText).contains('no gap');
  await t.expect(rows.nth(2).innerText).contains('Middle.wav');
  // Play decodes every track and schedules them on one clock, in running order (release-schedule.ts).
  await t.click(byTestId('release-play'));
  await t.expect(byTestId('release-play').getAttribute('aria-label')).eql('Stop the release', 'the EP is scheduled');
  await t.click(byTestId('release-play'));

  await t.navigateTo(download);
  const archive = await byTestId('download-all').getAttribute('href');
  const zip = Buffer.from(await (await fetch(new URL(archive!, SITE))).arrayBuffer());
  await t
    .expect(zipNames(zip))
    .eql(['01 - Closing.wav', '02 - Opening.wav', '03 - Middle.wav', 'Thandi - Night Drive.cue']);
});
