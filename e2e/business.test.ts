import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { Selector } from 'testcafe';
import { admin, agreeToTerms, byTestId, EMPTY_PAGE, inboxIds, newMailFor, SITE } from './support';

// The back-office business screens as an admin uses them, over data seeded straight into the database
// (past paid orders with genres, a payment and its webhook events), unique to this file.
const RUN = Date.now().toString(36);
// contracts' MAINTENANCE_NOTICE (TestCafe's TypeScript cannot read the contracts package's zod types).
const MAINTENANCE_NOTICE =
  'We are doing some maintenance and cannot take new orders right now. Please try again a little later.';
const BUYER = `blues-${RUN}@business.example`;
const DATABASE_URL = process.env.E2E_DATABASE_URL!;

/** Runs SQL against the journeys' database. */
async function sql(text: string, values: unknown[] = []) {
  const client = new Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A paid order of one Blues track `daysAgo` days ago, with its succeeded payment and webhook event. */
async function seedPaidOrder(daysAgo: number, cents: number) {
  const [{ id }] = await sql(
    `insert into orders (customer_email, status, unit_price_cents, track_count, subtotal_cents, total_cents, paid_at, created_at)
     values ($1, 'delivered', $2, 1, $2, $2, now() - make_interval(days => $3), now() - make_interval(days => $3)) returning id`,
    [BUYER, cents, daysAgo],
  );
  await sql(
    `insert into order_files (order_id, original_name, file_name, file_size, original_file_path, genre) values ($1, 'Delta.wav', 'Delta.wav', 2097152, $2, 'Blues')`,
    [id, `e2e/${id}.wav`],
  );
  const [{ id: paymentId }] = await sql(
    `insert into payments (order_id, checkout_id, payment_id, amount_cents, status, processed_at, created_at)
     values ($1, $2, $3, $4, 'succeeded', now() - make_interval(days => $5), now() - make_interval(days => $5)) returning id`,
    [id, `ch_${RUN}_${daysAgo}`, `pay_${RUN}_${daysAgo}`, cents, daysAgo],
  );
  await sql(
    `insert into payment_events (event_id, type, payload, payment_id, processed_at) values ($1, 'payment.succeeded', '{}', $2, now())`,
    [`evt_${RUN}_${daysAgo}`, paymentId],
  );
}

/** Picks `label` in the headlessui select with `testId`. */
async function choose(t: TestController, testId: string, label: string) {
  await t.click(byTestId(testId)).click(Selector('[role="option"]').withExactText(label));
}

/** Sets the maintenance switch on the Settings screen and saves. */
async function setMaintenance(t: TestController, on: boolean) {
  await t.navigateTo(`${SITE}/admin/settings`);
  const toggle = byTestId('settings-maintenance');
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) await t.click(toggle);
  await t.click(byTestId('settings-save'));
  await t.expect(byTestId('toast').withText('Settings Saved').exists).ok();
}

fixture('Business screens')
  .page(EMPTY_PAGE)
  .before(async () => {
    await seedPaidOrder(2, 129_900);
    await seedPaidOrder(4, 99_900);
  });

test('analytics draws the revenue trend and top genres for the seeded orders', async (t) => {
  await t.useRole(admin);
  await t.navigateTo(`${SITE}/admin/analytics`);
  await choose(t, 'analytics-period', 'Last 7 days');
  await t.expect(byTestId('revenue-chart').find('.recharts-area-area').exists).ok('the chart draws the revenue area');
  await t.expect(byTestId('top-genres').innerText).contains('Blues');
  await t.expect(byTestId('kpi-revenue-value').innerText).match(/^R\d/);
});

test('customers: find the seeded buyer, open the detail and send a message that arrives by mail', async (t) => {
  await t.useRole(admin);
  await t.navigateTo(`${SITE}/admin/customers`);
  await t.typeText(byTestId('customers-search'), `blues-${RUN}`, { paste: true });
  await t.expect(byTestId('customer-row').count).eql(1);
  await t.expect(byTestId('customer-row').find('[data-testid="customer-status"]').innerText).eql('VIP');
  await t.click(byTestId('customer-row').find('button').withText(BUYER));
  await t.expect(byTestId('customer-orders').find('li').count).eql(2);
  const seen = await inboxIds();
  await t.click(byTestId('detail-send-message'));
  // The detail dialog hands over to the message dialog: when it finishes leaving, headlessui gives focus
  // back to what opened it, which would cut TestCafe's typing short. A person starts typing after that.
  await t.expect(byTestId('customer-detail').exists).notOk();
  await t
    .typeText(byTestId('message-subject'), `Your blues master ${RUN}`, { paste: true })
    .typeText(byTestId('message-body'), 'It is ready.', { paste: true });
  await t.click(byTestId('message-send'));
  await t.expect(byTestId('toast').withText('Message sent successfully!').exists).ok();
  const mail = await newMailFor(BUYER, `Your blues master ${RUN}`, seen);
  await t.expect(mail.subject).eql(`Your blues master ${RUN}`);
});

test('payments: the seeded payment opens with its webhook events', async (t) => {
  await t.useRole(admin);
  await t.navigateTo(`${SITE}/admin/payments`);
  await t.typeText(byTestId('payments-search'), `pay_${RUN}_2`, { paste: true });
  await t.expect(byTestId('payment-row').count).eql(1);
  await t.click(byTestId('payment-row'));
  // The seeded order of two days ago: 129,900 cents, in the one money format (a space groups thousands).
  await t.expect(byTestId('payment-detail').innerText).match(/Amount\sR1\s299\s/);
  await t.expect(byTestId('payment-events').innerText).contains('payment.succeeded');
});

test('users: create, edit (deactivate) and delete a user', async (t) => {
  const email = `crew-${RUN}@business.example`;
  await t.useRole(admin);
  await t.navigateTo(`${SITE}/admin/users`);
  await t.click(byTestId('user-create'));
  await t.click(byTestId('user-save'));
  await t.expect(byTestId('user-firstName-error').innerText).eql('First name is required');
  await t
    .typeText(byTestId('user-firstName'), 'Zanele', { paste: true })
    .typeText(byTestId('user-lastName'), 'Khumalo', { paste: true })
    .typeText(byTestId('user-email'), email, { paste: true });
  await choose(t, 'user-role', 'Engineer');
  await t.click(byTestId('user-save'));
  await t.expect(byTestId('toast').withText('User created successfully').exists).ok();
  const card = byTestId('user-card').withText(email);
  await t.expect(card.innerText).contains('Engineer');
  await t.expect(card.innerText).contains('Active');

  await t.click(card.find('[data-testid="user-edit"]'));
  await choose(t, 'user-status', 'Inactive');
  await t.click(byTestId('user-save'));
  await t.expect(byTestId('toast').withText('User updated successfully').exists).ok();
  await t.expect(card.innerText).contains('Inactive');

  await t.click(card.find('[data-testid="user-delete"]'));
  await t
    .expect(byTestId('user-delete-dialog').innerText)
    .contains('Are you sure you want to delete Zanele Khumalo? This action cannot be undone.');
  await t.click(byTestId('user-delete-confirm'));
  await t.expect(byTestId('toast').withText('User deleted successfully').exists).ok();
  await t.expect(card.exists).notOk();
});

test('maintenance mode refuses a new order with the notice', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'business-e2e-'));
  const track = join(dir, 'Quiet Hours.wav');
  copyFileSync(join(__dirname, 'fixtures', 'short-mix.wav'), track);
  try {
    await t.useRole(admin);
    await setMaintenance(t, true);
    await t.navigateTo(`${SITE}/upload`);
    await t.setFilesToUpload(byTestId('file-input'), [track]);
    await t.expect(byTestId('upload-item').filter('[data-status="completed"]').count).eql(1);
    await t.typeText(byTestId('customer-email'), `late-${RUN}@business.example`, { paste: true });
    await t.setNativeDialogHandler(() => true);
    await t.click(byTestId('proceed-to-payment'));
    await agreeToTerms(t);
    await t.click(byTestId('pay-button'));
    await t.expect(byTestId('pay-button').hasAttribute('disabled')).notOk('the pay button is enabled again');
    const alerts = (await t.getNativeDialogHistory()).map((d) => d.text);
    await t.expect(alerts).contains(MAINTENANCE_NOTICE);
    await t
      .expect(
        (
          await sql('select count(*)::int as n from orders where customer_email = $1', [`late-${RUN}@business.example`])
        )[0].n,
      )
      .eql(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}).after(async (t) => {
  // Other journeys order while the shop is open.
  await setMaintenance(t, false);
});
