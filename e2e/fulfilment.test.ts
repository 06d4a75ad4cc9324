import { statSync } from 'node:fs';
import { ClientFunction, Selector } from 'testcafe';
import {
  byTestId,
  ENGINEER_EMAIL,
  engineer,
  inboxIds,
  newDownloadLinkFor,
  paidOrderOverHttp,
  SITE,
  fixtureWithTracks,
  type TrackFiles,
} from './support';

// The loop the business exists for: a paid order becomes a delivered master. A customer pays for a
// track; the engineer uploads its master (progress bar, resumable upload), marks the order delivered;
// the customer's mail brings a download link that works without logging in.

fixtureWithTracks('Fulfilment', 'fulfilment-e2e-', ['Sunrise Demo.wav', 'Sunrise Demo (master).wav']);

test('an engineer masters a paid order, delivers it, and the customer downloads the master from the mail', async (t) => {
  const customer = `delivery-${Date.now()}@example.com`;
  const { tracks } = t.fixtureCtx.files as TrackFiles;
  await paidOrderOverHttp(t, customer, 1);

  // The engineer sees only the two screens engineers use; the admin link lands on Audio Files (their dashboard).
  await t.useRole(engineer);
  await t.navigateTo(`${SITE}/admin`);
  await t.expect(byTestId('files-search').exists).ok();
  await t.expect(ClientFunction(() => window.location.pathname)()).eql('/admin/files');
  await t.expect(byTestId('no-access').exists).notOk();
  await t.expect(byTestId('admin-sidebar').find('a').withText('Orders').exists).ok();
  await t.expect(byTestId('admin-sidebar').find('a').withExactText('Dashboard').exists).notOk();

  // Audio Files: find the customer's track and open it.
  await t.typeText(byTestId('files-search'), customer, { paste: true });
  await t.expect(byTestId('file-row').count).eql(1);
  await t.click(byTestId('file-row'));
  await t.expect(byTestId('file-dialog').innerText).contains('Sunrise Demo.wav');

  // Update Status sends what was selected.
  await t.click(byTestId('file-status-select')).click(Selector('[role="option"]').withText('processing'));
  await t.typeText(byTestId('file-notes'), 'On the desk now', { paste: true });
  await t.click(byTestId('file-update-status'));
  await t.expect(byTestId('toast').innerText).contains('Processing status updated successfully!');
  await t.expect(byTestId('file-dialog').innerText).contains('processing');

  // Upload Mastered: the progress bar fills, then the master is attached.
  await t.setFilesToUpload(byTestId('master-file-input'), [tracks[1]!]);
  await t.expect(byTestId('master-progress').exists).ok();
  await t.expect(byTestId('toast').withText('Mastered file uploaded successfully!').exists).ok();
  await t.expect(byTestId('master-progress').getAttribute('aria-valuenow')).eql('100');
  await t.expect(byTestId('download-master').exists).ok();
  await t.pressKey('esc');

  // Orders: every file has a master, so the order is Mastered and can be delivered.
  await t.navigateTo(`${SITE}/admin/orders`);
  await t.typeText(byTestId('orders-search'), customer, { paste: true });
  await t.expect(byTestId('order-row').count).eql(1);
  await t.click(byTestId('order-row'));
  await t.click(byTestId('order-assign-me'));
  await t.expect(byTestId('order-engineer').innerText).eql(ENGINEER_EMAIL);
  await t.expect(byTestId('order-status-form').innerText).contains('Delivered');
  const seen = await inboxIds();
  await t.click(byTestId('order-new-status')).click(Selector('[role="option"]').withText('Delivered'));
  await t.typeText(byTestId('order-notes'), 'Delivered after a bass tweak', { paste: true });
  await t.click(byTestId('order-update-status'));
  await t.expect(byTestId('toast').withText('Order status updated successfully!').exists).ok();
  await t.expect(byTestId('order-history').innerText).contains('Delivered after a bass tweak');

  // The customer's mail carries the link; the page works without a session and the file downloads.
  const link = await newDownloadLinkFor(customer, seen);
  await t.deleteCookies();
  await t.navigateTo(link);
  await t.expect(byTestId('page-download').exists).ok();
  await t.expect(byTestId('download-file').count).eql(1);
  await t.expect(byTestId('download-file').innerText).contains('Sunrise Demo (master).wav');
  const fileUrl = await byTestId('download-file').find('a').getAttribute('href');
  const res = await fetch(new URL(fileUrl!, SITE));
  await t.expect(res.status).eql(200);
  await t.expect(res.headers.get('content-disposition') ?? '').contains('Sunrise Demo (master).wav');
  // The bytes the engineer uploaded, whole.
  await t.expect((await res.arrayBuffer()).byteLength).eql(statSync(tracks[1]!).size);
});
