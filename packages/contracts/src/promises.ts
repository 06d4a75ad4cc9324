// Every promise the site makes (issue 50 Deliver 3), in one place: what it promises, the copy that states
// it (the site's pages, the mails and the default legal texts), the code that keeps it and the test that
// proves it. packages/contracts/test/promises.test.ts holds the list to account both ways: each entry's code and test
// exist and the test names the promise's id, and any promise-like phrase in the copy ("within 48 hours",
// "free revisions", "refund you in full", "credit note", "we keep your files for N days"...) belongs to an
// entry. A promise added to the copy without a mechanism fails that test.

/** One promise: its id (which the test that keeps it names), what it says, where it is said, who keeps it. */
export type SitePromise = {
  id: string;
  /** The promise in plain words. */
  promise: string;
  /** Phrases of the copy that state it (each must still be found in the copy, so a stale entry fails too). */
  copy: readonly RegExp[];
  /** The modules and jobs that keep it (repository paths). */
  mechanism: readonly string[];
  /** The tests that prove it (repository paths); each names the promise's id. */
  tests: readonly string[];
  /** What the mechanism does not cover yet, said plainly rather than hidden. */
  gap?: string;
};

/** The copy the site states promises in: pages and texts, the mails, the default legal texts. */
export const PROMISE_COPY_SOURCES = [
  'packages/contracts/src',
  'mf-storefront/src',
  'services/email/src/mail/system-templates.ts',
  'services/ops/src/legal/defaults.ts',
] as const;

/**
 * What makes a line of copy a promise: a time we commit to, free revisions, a refund in full or money back,
 * a credit note, a guarantee, how long files are kept or links stay valid, a person answering.
 */
export const PROMISE_MARKERS: readonly RegExp[] = [
  /\b(?:in|within)\s+(?:\d+|one|\$?\{\w+\}|\{\{\w+\}\})\s+(?:working\s+)?(?:hours?|days?)\b/i,
  /(?:\d|\})-hours?\b/i,
  /\}h\b/,
  /\bfree revisions?\b/i,
  /\bfull refund\b|\brefund (?:you|that track)\b|\bfull amount\b|\bmoney back\b/i,
  /\bcredit note\b/i,
  /\bguarantee/i,
  /\b(?:keep|kept|delete|deleted|deletes)\b[^.\n]*(?:\d+|\$\{\w+\}|\{\{\w+\}\})\s+days\b/i,
  /\bstays? valid\b/i,
  /\ba person (?:answers|reads)\b/i,
];

const DELIVERY = String.raw`(?:\$?\{DELIVERY_HOURS\}|\{\{deliveryHours\}\}|48)`;

/** Every promise the site makes. */
export const SITE_PROMISES: readonly SitePromise[] = [
  {
    id: 'delivery-within-hours',
    promise:
      'A human engineer delivers the masters within DELIVERY_HOURS (48) hours of payment; a paid order past its due time is flagged to staff, listed in their daily digest and its customer told once. The release pack is part of the delivery and does not move the promise: a round whose pack still renders past its due time is late like any other.',
    copy: [
      new RegExp(String.raw`\b(?:in|within)\s+${DELIVERY}\s+hours`, 'i'),
      new RegExp(`${DELIVERY}-hour`, 'i'),
      /\$\{DELIVERY_HOURS\}h\b/,
    ],
    mechanism: ['packages/contracts/src/constants.ts', 'services/ops/src/late-orders/job.ts'],
    tests: ['services/ops/test/late-orders/late-orders.test.ts', 'services/ops/test/order-model/order-model.test.ts'],
  },
  {
    id: 'delayed-order-within-24-hours',
    promise: 'An order that runs late is ready within 24 hours of the delay mail, or by the time the engineer sets.',
    copy: [/Your master will be ready within 24 hours/],
    mechanism: ['services/ops/src/late-orders/job.ts', 'services/storefront/src/fulfilment/orders.ts'],
    tests: ['services/ops/test/late-orders/late-orders.test.ts'],
  },
  {
    id: 'free-revisions',
    promise:
      'Each track includes the free revision rounds set in Settings; the order page takes each request and refuses more than the free ones.',
    copy: [/\bfree revisions?\b/i],
    mechanism: ['services/storefront/src/order-page/service.ts'],
    tests: ['services/storefront/test/order-page/order-page.test.ts'],
  },
  {
    id: 'revision-window-days',
    promise: 'A revision may be asked for within the days after delivery set in Settings.',
    copy: [/within \{\{revisionDays\}\} days of delivery/, /within \$\{days\} days of delivery/],
    mechanism: ['services/storefront/src/order-page/service.ts'],
    tests: ['services/storefront/test/order-page/order-page.test.ts'],
  },
  {
    id: 'refund-if-unhappy',
    promise:
      'A customer who is not happy is revised or refunded in full: "Not happy?" reaches every admin, who answers it, and an admin refunds through Yoco.',
    copy: [
      /refund you in full/i,
      /Satisfaction Guarantee/,
      /full refund guarantee/i,
      /money back/i,
      /we refund that track/i,
    ],
    mechanism: ['services/storefront/src/refunds/requests.ts', 'services/storefront/src/refunds/service.ts'],
    tests: ['services/storefront/test/refunds/not-happy.test.ts', 'services/storefront/test/refunds/refunds.test.ts'],
  },
  {
    id: 'marketing-only-once-confirmed',
    promise:
      'An address ticked for news and offers at checkout gets none until it confirms through the mailed link, within its days; a paying customer may be mailed under the soft opt-in rule, and an unsubscribe always wins.',
    copy: [/We send them only once you confirm, within \{\{confirmDays\}\} days/],
    mechanism: [
      'services/email/src/jobs/consent-request.ts',
      'services/email/src/campaigns/service.ts',
      'services/email/src/tracking/service.ts',
    ],
    tests: ['services/email/test/consent/consent.test.ts', 'services/email/test/consent/consent-request.test.ts'],
  },
  {
    id: 'full-refund-before-work',
    promise:
      'Until work starts an order may be cancelled for a full refund: an admin refunds everything not yet refunded.',
    copy: [/cancel for a full refund/i, /we refund the full amount/i],
    mechanism: ['services/storefront/src/refunds/service.ts'],
    tests: ['services/storefront/test/refunds/refunds.test.ts'],
  },
  {
    id: 'refund-request-answered-within-one-working-day',
    promise:
      'A person answers every refund request by email within one working day (Monday to Friday, South African time): filing it mails every active admin, the Refund requests screen, the sidebar and the dashboard count the open ones and flag the overdue, and the answer is mailed to the customer.',
    copy: [/within one working day/i, /a person answers/i, /A person reads it/],
    mechanism: [
      'services/storefront/src/refunds/requests.ts',
      'packages/contracts/src/working-days.ts',
      'mf-admin-ops/src/pages/refund-requests/refund-requests.tsx',
      'shell/src/admin/admin-sidebar.tsx',
    ],
    tests: ['services/storefront/test/refunds/not-happy.test.ts'],
    gap: 'Public holidays count as working days (the answer is then due a day early, never late).',
  },
  {
    id: 'credit-note-on-refund',
    promise: 'A refund comes with a credit note against the invoice, mailed with the refund mail.',
    copy: [/\bcredit note\b/i],
    mechanism: ['packages/orders/src/credit-notes.ts'],
    tests: ['packages/orders/test/credit-notes.test.ts', 'services/storefront/test/refunds/credit-notes.test.ts'],
  },
  {
    id: 'refund-to-card',
    promise: 'A refund goes back to the card paid with, through Yoco (the bank then takes 5 to 10 working days).',
    copy: [/back to the card you paid with/i, /reaches your account within 5 to 10 working days/],
    mechanism: ['services/storefront/src/refunds/service.ts'],
    tests: ['services/storefront/test/refunds/refunds.test.ts'],
  },
  {
    id: 'files-kept-days',
    promise:
      'The audio is kept for its ending’s retention period in Settings (delivered, refunded, cancelled after payment, never paid), then deleted; nothing while a revision is open.',
    copy: [
      /We keep your files for \{\{retentionDays\}\} days/,
      /Files are deleted \$\{days\} days after delivery/,
      /Audio deleted after \$\{days\} days/,
      /\{\{\w*retention\w*\}\}\s+days/i,
      /\{\{(?:delivered|refunded|cancelled|expired)Retention\}\} after/,
    ],
    mechanism: ['services/ops/src/retention/job.ts', 'packages/contracts/src/retention.ts'],
    tests: [
      'services/ops/test/retention/job.test.ts',
      'services/ops/test/retention/endings.test.ts',
      'services/ops/test/legal/retention-periods.test.ts',
    ],
  },
  {
    id: 'download-link-valid-days',
    promise: 'The download link of the masters works for the days set in Settings, then expires.',
    copy: [/Download links stay valid for \{\{downloadDays\}\} days/, /download link stays valid for a limited time/i],
    mechanism: ['services/ops/src/downloads/service.ts'],
    tests: ['services/ops/test/audio-files/audio-files.test.ts'],
  },
  {
    id: 'order-retry-within-24-hours',
    promise:
      'An API client that sends an order again with the same Idempotency-Key within 24 hours gets the first answer and no second order.',
    copy: [/changes nothing; within 24 hours/],
    mechanism: ['services/storefront/src/idempotency.ts'],
    tests: ['services/storefront/test/orders/idempotency.test.ts'],
  },
  {
    id: 'deletion-within-30-days',
    promise:
      "A deletion request is carried out within 30 days: staff see the waiting requests and erase the person's data.",
    copy: [/delete your files and personal details within 30 days/],
    mechanism: ['services/ops/src/customers/deletion-requests.ts', 'services/ops/src/customers/erasure.ts'],
    tests: ['services/ops/test/customers/deletion-requests.test.ts'],
    gap: 'Staff see waiting requests oldest first, but nothing flags one nearing its 30 days.',
  },
  {
    id: 'claims-from-data',
    promise:
      'The home page states the tracks mastered, the median delivery time and the streaming-ready share only as the delivered orders back them.',
    copy: [/`\$\{hours\}-hour`/],
    mechanism: ['packages/contracts/src/claims.ts', 'services/storefront/src/site-config/claims.ts'],
    tests: ['services/storefront/test/site-config/claims.test.ts'],
  },
  {
    id: 'streaming-ready-masters',
    promise:
      'Masters are ready for every streaming platform: each master is measured (loudness, true peak) before delivery, staff see it and the delivery mail says what it means on each platform.',
    copy: [/DSP Guarantee/, /ready for every streaming platform/i],
    mechanism: ['packages/audio-analysis/src/analyse.ts', 'services/ops/src/orders/mails.ts'],
    tests: ['packages/audio-analysis/test/analyse.test.ts'],
    gap: 'No check refuses to deliver a master that peaks above -1 dBTP; the engineer sees the measured true peak.',
  },
];
