import { Client } from 'pg';
import { Selector } from 'testcafe';
import {
  admin,
  byTestId,
  fixtureWithTracks,
  freshBrowser,
  inboxIds,
  mailHtml,
  masterAndDeliver,
  newMailFor,
  openAdminOrder,
  orderLinkOf,
  paidOrderOverHttp,
  type TrackFiles,
} from './support';

// Issue 50: where the steps of an order meet. A revision asked for a week after delivery is due on its
// own promise (48 hours from the request), not counted late from the payment, so the late-order job
// mails no "Order delayed" for it; and an admin can refund while the order waits on its second revision.
// (Every combination, with the clock moving, is checked by the model-based test, services/ops/test/order-model.)
fixtureWithTracks('Order rules where steps meet', 'order-rules-e2e-', [
  'Late Bloom.wav',
  'Late Bloom (master).wav',
  'Late Bloom v2.wav',
]);

const DATABASE_URL = process.env.E2E_DATABASE_URL!;

/**
 * Moves every stored time of the customer's orders back by `interval`, as if that much time had passed
 * (a journey cannot wait a week): the order, its history, its files' masters and its revision requests.
 */
async function olderBy(customer: string, interval: string) {
  const client = new Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const orders = 'select id from orders where customer_email = $1';
    const back = (columns: string[]) => columns.map((c) => `${c} = ${c} - $2::interval`).join(', ');
    await client.query(
      `update orders set ${back(['created_at', 'updated_at', 'paid_at', 'due_at', 'round_started_at'])} where customer_email = $1`,
      [customer, interval],
    );
    await client.query(`update order_status_history set ${back(['created_at'])} where order_id in (${orders})`, [
      customer,
      interval,
    ]);
    await client.query(`update revision_requests set ${back(['created_at'])} where order_id in (${orders})`, [
      customer,
      interval,
    ]);
    await client.query(
      `update master_versions set ${back(['created_at'])} where file_id in (select id from order_files where order_id in (${orders}))`,
      [customer, interval],
    );
  } finally {
    await client.end();
  }
}

/**
 * Has the worker run the late-order job (`orders.late`) now rather than at its next quarter hour, and
 * answers how many "Order delayed" mails are queued for `customer` once that run has finished. The
 * worker polls its queue every 30 seconds: the wait for the run is bounded by 90.
 */
async function delayedMailsAfterLateOrderRun(customer: string): Promise<number> {
  const client = new Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const forced = (
      await client.query(`update agenda_jobs set next_run_at = now() where name = 'orders.late' returning now() as at`)
    ).rows[0]?.at as Date | undefined;
    if (!forced) throw new Error('the late-order job is not scheduled');
    const ranSince = async () =>
      (
        await client.query(
          `select 1 from agenda_jobs where name = 'orders.late' and last_run_at >= $1 and last_finished_at >= last_run_at`,
          [forced],
        )
      ).rowCount === 1;
    const until = Date.now() + 90_000;
    while (!(await ranSince())) {
      if (Date.now() > until) throw new Error('the late-order job did not run within 90 s');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const { rows } = await client.query(
      `select count(*)::int as n from agenda_jobs where name = 'email.send' and data->>'template' = 'order-delayed' and data->>'to' = $1`,
      [customer],
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** The customer asks for a revision from the order page at `link`. */
async function askForRevision(t: TestController, link: string, note: string) {
  await freshBrowser(t);
  await t.navigateTo(link);
  await t.typeText(Selector('textarea'), note, { paste: true });
  await t.click(Selector('button').withExactText('Send revision request'));
  await t.expect(byTestId('revision-sent').exists).ok();
  await t.expect(byTestId('order-status').innerText).eql('Revision Requested');
}

test('a revision a week after delivery is due on its own promise, and a refund during the second revision goes through', async (t) => {
  const customer = `order-rules-${Date.now()}@example.com`;
  const { tracks } = t.fixtureCtx.files as TrackFiles;
  let seen = await inboxIds();
  await paidOrderOverHttp(t, customer, 1);
  const link = await orderLinkOf(customer, 'Order confirmed', seen);
  seen = await inboxIds();
  await masterAndDeliver(t, customer, tracks[1]!);
  await newMailFor(customer, 'Your master is ready', seen);

  // A week later the customer asks for a revision: it is due 48 hours from now, not 5 days overdue.
  await olderBy(customer, '7 days');
  await askForRevision(t, link, 'The vocal needs a little more air');
  await t.expect(byTestId('order-due').innerText).match(/^Revision round 1 due by /);
  await t.expect(byTestId('order-due').innerText).notContains('overdue');
  await t.useRole(admin);
  await openAdminOrder(t, customer);
  const dialog = byTestId('order-dialog');
  await t.expect(dialog.find('[data-testid="deadline-on-track"]').exists).ok('the revision is on track, not overdue');
  await t.expect(dialog.find('[data-testid="deadline-overdue"]').exists).notOk();
  // The late-order job runs and tells the customer of no delay: the round is within its own promise.
  await t.expect(await delayedMailsAfterLateOrderRun(customer)).eql(0, 'no "Order delayed" mail is queued');

  // The engineer delivers v2; the customer asks for a second revision; the admin refunds part of the
  // order while it waits on it (the refund was refused with 403 before), and it goes back to the revision.
  seen = await inboxIds();
  await masterAndDeliver(t, customer, tracks[2]!);
  await newMailFor(customer, 'Your master is ready', seen);
  await askForRevision(t, link, 'Closer, but the low end is still boomy');
  seen = await inboxIds();
  await t.useRole(admin);
  await openAdminOrder(t, customer);
  await t.click(byTestId('order-refund'));
  await t.typeText(byTestId('refund-amount'), '100', { replace: true, paste: true });
  await t.typeText(byTestId('refund-reason'), 'Goodwill for the second round', { paste: true });
  await t.click(byTestId('refund-issue'));
  await t.expect(byTestId('toast').withText('Refund of R100 sent to Yoco').exists).ok();
  await t.expect(dialog.find('[data-testid="order-refund-row"]').innerText).contains('Refunded');
  const history = byTestId('order-history').find('li');
  await t.expect(history.withText('Partly refunded: R100.').exists).ok();
  const mail = await newMailFor(customer, 'Refund processed', seen);
  await t.expect(await mailHtml(mail)).contains('R100');
  await freshBrowser(t);
  await t.navigateTo(link);
  await t.expect(byTestId('order-status').innerText).eql('Revision Requested');
  await t.expect(byTestId('order-due').innerText).match(/^Revision round 2 due by /);
});
