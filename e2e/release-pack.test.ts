import { Selector } from 'testcafe';
import {
  agreeToTerms,
  byTestId,
  clickAndLeave,
  engineer,
  expectLandedOn,
  fixtureWithTracks,
  inboxIds,
  newDownloadLinkFor,
  openAdminOrder,
  SITE,
  type TrackFiles,
} from './support';

// The release pack (issue 54 item 2) from order to download: the customer picks MP3 and the 16-bit WAV
// with an ISRC on /upload and pays the server's price for them; the engineer uploads the master, the
// pack renders (delivery waits for it), the order is delivered, and the customer's download page offers
// each file and the zip, whose entries are the master and both renders.
fixtureWithTracks('Release pack', 'release-pack-e2e-', ['Jozi Nights.wav', 'Jozi Nights (master).wav']);

/** The names of a zip's entries, from its central directory. */
function zipNames(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const names: string[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    names.push(zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return names;
}

test('orders MP3 + 16-bit WAV with an ISRC, the engineer masters it, the customer downloads the pack as a zip', async (t) => {
  const customer = `pack-${Date.now()}@example.com`;
  const { tracks } = t.fixtureCtx.files as TrackFiles;

  // The upload page: one track, the two formats, the metadata with a badly typed ISRC first.
  await t.navigateTo(`${SITE}/upload`);
  await t.setFilesToUpload(byTestId('file-input'), [tracks[0]!]);
  await t.expect(byTestId('upload-item').filter('[data-status="completed"]').count).eql(1);
  await t.typeText(byTestId('customer-email'), customer, { paste: true });
  await t.click(byTestId('pack-format-mp3')).click(byTestId('pack-format-wav16'));
  await t.expect(byTestId('pack-track').count).eql(1);
  await t.expect(byTestId('pack-title').value).eql('Jozi Nights');
  await t.typeText(byTestId('pack-artist'), 'Thandi M', { paste: true });
  await t.typeText(byTestId('pack-isrc'), 'ZA-ABC-26-001', { paste: true });
  // R499 less 35% is R324; the two formats add R50 each.
  await t.expect(byTestId('summary-pack').innerText).contains('R100');
  await t.expect(byTestId('summary-total').innerText).contains('R424');
  await t.click(byTestId('proceed-to-payment'));
  await t.expect(byTestId('upload-error').innerText).contains('ISRC must look like ZA-ABC-26-00001');
  await t.typeText(byTestId('pack-isrc'), 'ZA-ABC-26-00001', { replace: true, paste: true });
  await t.click(byTestId('proceed-to-payment'));
  await t.expect(byTestId('pay-button').innerText).contains('R424');
  await agreeToTerms(t);
  await clickAndLeave(byTestId('pay-button'));
  // The hosted page charges the server's total, add-ons included.
  await t.expect(byTestId('sandbox-amount').innerText).contains('424');
  await clickAndLeave(byTestId('sandbox-pay'));
  await expectLandedOn('page-payment-success');

  // The engineer attaches the master; the pack renders from it, and delivery waits until it is ready.
  await t.useRole(engineer);
  await t.navigateTo(`${SITE}/admin/files`);
  await t.typeText(byTestId('files-search'), customer, { replace: true, paste: true });
  await t.expect(byTestId('file-row').count).eql(1);
  await t.click(byTestId('file-row'));
  await t.setFilesToUpload(byTestId('master-file-input'), [tracks[1]!]);
  await t.expect(byTestId('toast').withText('Mastered file uploaded successfully!').exists).ok();
  await t.pressKey('esc');
  await openAdminOrder(t, customer);
  await t.expect(byTestId('order-release-pack').exists).ok();
  await t
    .expect(byTestId('order-release-pack').getAttribute('data-state'))
    .eql('ready', 'the pack renders', { timeout: 60_000 });
  await t.expect(byTestId('pack-file').count).eql(2);
  const seen = await inboxIds();
  await t.click(byTestId('order-new-status')).click(Selector('[role="option"]').withText('Delivered'));
  await t.click(byTestId('order-update-status'));
  await t.expect(byTestId('toast').withText('Order status updated successfully!').exists).ok();

  // The customer's mail leads to the download page: each pack file alone, and all of it in one zip.
  const link = await newDownloadLinkFor(customer, seen);
  await t.deleteCookies();
  await t.navigateTo(link);
  await t.expect(byTestId('download-pack-file').count).eql(2);
  await t.expect(byTestId('download-pack').innerText).contains('Jozi Nights (MP3).mp3');
  const archive = await byTestId('download-all').getAttribute('href');
  const zip = await fetch(new URL(archive!, SITE));
  await t.expect(zip.headers.get('content-type')).eql('application/zip');
  await t
    .expect(zipNames(Buffer.from(await zip.arrayBuffer())))
    .eql(['Jozi Nights (master).wav', 'Jozi Nights (MP3).mp3', 'Jozi Nights (16-bit 44.1 kHz).wav']);
});
