import {
  audioFilesUpTo,
  RATING_ANCHOR,
  SIGN_IN_LINK_PATHS,
  storedTypeOf,
  type MAIL_TEMPLATES,
  type MailTemplateName,
  type TemplateType,
} from '@mastering/contracts';

/** A template's sources: subject and text are mustache; `html` is MJML (or plain HTML) with mustache tags. */
export type TemplateSource = { subject: string; html: string; text: string };

/** What one system template says: paragraphs (mustache, HTML-escaped when rendered) and an optional button. */
type Copy = {
  name: string;
  description: string;
  subject: string;
  /** Preheader shown by mail clients beside the subject. */
  preview: string;
  lines: string[];
  /** A call to action; `when` names the param without which it is left out. */
  button?: Button;
  /** A mail about one order: ends with the "View your order" button (VIEW_ORDER). */
  viewOrder?: true;
  /** Puts the `{{content}}` block (campaign text, custom message) after the lines. */
  content?: boolean;
};

type Button = { label: string; url: string; when?: string };

/**
 * The order page, signed for the recipient: the mail worker mints `orderPageUrl` for every mail about an
 * order (its job names the order), so the button shows wherever the mail has one.
 */
const VIEW_ORDER: Button = { label: 'View your order', url: '{{orderPageUrl}}', when: 'orderPageUrl' };

/** A copy's buttons, in order: its own call to action, then the order page when it is an order mail. */
const buttonsOf = (copy: Pick<Copy, 'button' | 'viewOrder'>): Button[] => [
  ...(copy.button ? [copy.button] : []),
  ...(copy.viewOrder ? [VIEW_ORDER] : []),
];

// The studio's name and support address come from Settings → General at render time (renderTemplate).
const BRAND = '{{siteName}}';
const ACCENT = '#4338ca';
const greeting = 'Hi{{#customerName}} {{customerName}}{{/customerName}},';

/**
 * The MJML document every system template shares: brand header, a white card with the lines, an
 * optional button and `{{content}}` block, and a footer with the unsubscribe link when the mail has one.
 */
export function mjmlLayout(copy: Pick<Copy, 'preview' | 'lines' | 'button' | 'viewOrder' | 'content'>): string {
  const text = (line: string) => `        <mj-text>${line}</mj-text>`;
  const body = [
    ...copy.lines.map(text),
    copy.content ? text('<div style="white-space:pre-line">{{content}}</div>') : '',
    ...buttonsOf(copy).map(buttonOf),
  ].filter(Boolean);
  return `<mjml>
  <mj-head>
    <mj-title>{{subject}}</mj-title>
    <mj-preview>${copy.preview}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="1.6" color="#1f2937" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6" width="600px">
    <mj-section padding="24px 0 8px">
      <mj-column>
        <mj-text align="center" font-size="22px" font-weight="700" color="${ACCENT}">${BRAND}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="8px" padding="16px 8px">
      <mj-column>
${body.join('\n')}
        <mj-text>The ${BRAND} team</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="8px 0 24px">
      <mj-column>
        <mj-text align="center" font-size="12px" color="#4b5563">${BRAND} · Online audio mastering, South Africa<br />Questions? Write to <a href="mailto:{{supportEmail}}" style="color:#4b5563">{{supportEmail}}</a>{{#unsubscribeUrl}}<br /><a href="{{unsubscribeUrl}}" style="color:#4b5563">Unsubscribe</a> from these emails{{/unsubscribeUrl}}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
`;
}

// MJML compiles before mustache runs, so a button that depends on a param is a styled link inside a
// text block (a mustache section there survives the compile); others are real MJML buttons.
function buttonOf({ label, url, when }: Button): string {
  if (!when)
    return `        <mj-button href="${url}" background-color="${ACCENT}" color="#ffffff" border-radius="6px" font-weight="600">${label}</mj-button>`;
  return `        <mj-text align="center">{{#${when}}}<a href="${url}" style="display:inline-block;background:${ACCENT};color:#ffffff;border-radius:6px;padding:10px 25px;font-weight:600;text-decoration:none">${label}</a>{{/${when}}}</mj-text>`;
}

/** The plain-text part of a system template: the same lines without markup. */
function textOf(copy: Pick<Copy, 'lines' | 'button' | 'viewOrder' | 'content'>): string {
  const strip = (line: string) => line.replace(/<[^>]+>/g, '');
  return [
    ...copy.lines.map(strip),
    copy.content ? '{{content}}' : '',
    ...buttonsOf(copy).map(({ label, url, when }) =>
      when ? `{{#${when}}}${label}: ${url}{{/${when}}}` : `${label}: ${url}`,
    ),
    `The ${BRAND} team`,
    '{{#unsubscribeUrl}}Unsubscribe: {{unsubscribeUrl}}{{/unsubscribeUrl}}',
  ]
    .filter(Boolean)
    .join('\n\n');
}

const order = 'order <strong>{{shortId}}</strong>';
/** The delivery mail's invitation to rate: a link to the order page's rating form (when the mail has the page). */
const RATE_LINE = `{{#orderPageUrl}}How did it turn out? <a href="{{orderPageUrl}}#${RATING_ANCHOR}">Rate your master</a> from 1 to 5 stars.{{/orderPageUrl}}`;

/** Every system template type of the spec's seven categories, with its real copy. */
const COPY: Record<TemplateType, Copy> = {
  welcome_email: {
    name: 'Welcome email',
    description: 'Sent when a new customer signs in for the first time.',
    subject: `Welcome to ${BRAND}`,
    preview: 'Professional mastering for your tracks, priced in rand.',
    lines: [
      greeting,
      `Welcome to ${BRAND}. Upload a track, choose your sound, and a human engineer masters it for streaming, radio and club play.`,
      'Your masters arrive by email, ready to download.',
    ],
    button: { label: 'Upload your first track', url: '{{siteUrl}}/upload' },
  },
  email_verification: {
    name: 'Email verification',
    description: 'Asks a customer to confirm their email address.',
    subject: 'Confirm your email address',
    preview: 'One click to confirm your address.',
    lines: [greeting, 'Please confirm that this is your email address so we can send your masters and receipts here.'],
    button: { label: 'Confirm my email', url: '{{verificationUrl}}' },
  },
  password_reset: {
    name: 'Password reset',
    description: 'Link to choose a new password.',
    subject: 'Reset your password',
    preview: 'Choose a new password.',
    lines: [
      greeting,
      'Someone asked to reset the password of your account. If it was you, choose a new one below. If not, ignore this email; nothing changes.',
    ],
    button: { label: 'Choose a new password', url: '{{resetUrl}}' },
  },
  profile_completion_reminder: {
    name: 'Profile completion reminder',
    description: 'Reminds a customer to finish their profile.',
    subject: 'Finish your profile',
    preview: 'A complete profile helps our engineers.',
    lines: [
      greeting,
      'Your profile is almost done. Adding your artist name and genre helps our engineers master your music the way you hear it.',
    ],
    button: { label: 'Complete my profile', url: '{{siteUrl}}' },
  },
  order_confirmation: {
    name: 'Order confirmation',
    description: 'Sent when a payment confirms an order.',
    subject: 'Order confirmed: {{tracksLabel}} ({{shortId}})',
    preview: 'Your payment of {{amount}} is confirmed.',
    lines: [
      greeting,
      `Thank you! Your payment of <strong>{{amount}}</strong> for ${order} is confirmed.`,
      'Tracks: {{tracksLabel}}{{#fileNames}} ({{fileNames}}){{/fileNames}}',
      'Our engineers start mastering now; your masters arrive by email within {{deliveryHours}} hours.',
      // Which uploaded file cannot be mastered, why, and how to replace it (the storefront fills it in).
      '{{replaceNote}}',
    ],
    viewOrder: true,
  },
  payment_receipt: {
    name: 'Payment receipt',
    description: 'Receipt for a successful payment.',
    subject: 'Receipt for order {{shortId}}',
    preview: 'We received {{amount}}.',
    lines: [
      greeting,
      `We received your payment of <strong>{{amount}}</strong> for ${order} ({{tracksLabel}}).`,
      'Payment method: {{paymentMethod}}<br />Transaction: {{transactionId}}',
      'Keep this email as your receipt.',
    ],
    viewOrder: true,
  },
  order_failed_payment_declined: {
    name: 'Payment declined',
    description: 'Sent when a payment for an order fails.',
    subject: 'Payment declined for order {{shortId}}',
    preview: 'Your payment of {{amount}} did not go through.',
    lines: [
      greeting,
      `Your payment of <strong>{{amount}}</strong> for ${order} ({{tracksLabel}}) did not go through.`,
      'Reason: {{reason}}',
      'No money was taken. You can try again with another card.',
    ],
    button: { label: 'Try again', url: '{{siteUrl}}/upload' },
  },
  refund_processed: {
    name: 'Refund processed',
    description: 'Confirms a refund.',
    subject: 'Refund processed for order {{shortId}}',
    preview: 'We refunded {{amount}}.',
    lines: [
      greeting,
      'We refunded <strong>{{amount}}</strong> for ' +
        order +
        '. Depending on your bank it reaches your account within 5 to 10 working days.',
      '{{#remaining}}The rest of your order ({{remaining}}) stays paid.{{/remaining}}',
      '{{#creditNoteNumber}}Your credit note {{creditNoteNumber}} is attached as a PDF{{#orderPageUrl}}; you can also download it from your order page{{/orderPageUrl}}.{{/creditNoteNumber}}',
    ],
    viewOrder: true,
  },
  track_upload_confirmation: {
    name: 'Track upload confirmation',
    description: 'Confirms the tracks a customer uploaded.',
    subject: 'We received {{fileCount}} file(s) for order {{shortId}}',
    preview: 'Your upload is safe with us.',
    lines: [
      greeting,
      `We received {{fileCount}} file(s) for ${order}:`,
      '{{fileNames}}',
      'Once your payment is confirmed, our engineers get to work.',
    ],
  },
  order_in_progress: {
    name: 'Mastering started',
    description: 'Sent when an engineer starts on an order.',
    subject: 'Mastering started: {{tracksLabel}}',
    preview: 'An engineer is working on your track.',
    lines: [
      greeting,
      `An engineer has started mastering <strong>{{tracksLabel}}</strong> (${order}).`,
      '{{#estimatedCompletion}}Expected completion: {{estimatedCompletion}}{{/estimatedCompletion}}',
    ],
    viewOrder: true,
  },
  mastering_complete: {
    name: 'Mastering complete',
    description: 'Delivers the download link of the masters.',
    subject: 'Your master is ready: {{tracksLabel}}',
    preview: 'Download your mastered track.',
    lines: [
      greeting,
      `Good news: <strong>{{tracksLabel}}</strong> (${order}) is mastered and ready to download.`,
      // What the measured loudness means on Spotify, YouTube and Apple Music (ops fills it in once measured).
      '{{loudnessNote}}',
      'The download link stays valid for a limited time, so save your files soon.',
      '{{#retentionDays}}We keep your files for {{retentionDays}} days after delivery, then delete them for your privacy.{{/retentionDays}}',
      RATE_LINE,
    ],
    button: { label: 'Download your master', url: '{{downloadUrl}}' },
    viewOrder: true,
  },
  order_delayed: {
    name: 'Order delayed',
    description: 'Tells a customer their order takes longer.',
    subject: 'Your order {{shortId}} needs a little more time',
    preview: 'A short delay on your master.',
    lines: [
      greeting,
      `Mastering ${order} is taking longer than we promised. We are sorry for the wait.`,
      '{{#reason}}Why: {{reason}}{{/reason}}',
      '{{#estimatedCompletion}}Your master will be ready by <strong>{{estimatedCompletion}}</strong>.{{/estimatedCompletion}}{{^estimatedCompletion}}Your master will be ready within 24 hours.{{/estimatedCompletion}}',
      'We will email you as soon as your master is ready.',
    ],
    viewOrder: true,
  },
  engineer_notes: {
    name: 'Engineer notes',
    description: 'Notes from the engineer about a master.',
    subject: 'Notes from your engineer on {{tracksLabel}}',
    preview: 'Your engineer shared some notes.',
    lines: [greeting, `Your engineer left these notes on ${order}:`],
    content: true,
    viewOrder: true,
  },
  support_ticket_created: {
    name: 'Support ticket created',
    description: 'Confirms a support request.',
    subject: 'We received your message',
    preview: 'Our team will get back to you.',
    lines: [greeting, 'Thanks for getting in touch. We have your message and will answer you by email.'],
    content: true,
  },
  support_ticket_resolved: {
    name: 'Support ticket resolved',
    description: 'Tells a customer their request is resolved.',
    subject: 'Your support request is resolved',
    preview: 'We resolved your request.',
    lines: [greeting, 'We resolved your support request. Just reply to this email if anything is still unclear.'],
    content: true,
  },
  faq_help_guide: {
    name: 'FAQ and help guide',
    description: 'Answers to common questions.',
    subject: 'How mastering with us works',
    preview: 'Answers to the questions artists ask most.',
    lines: [
      greeting,
      `Upload ${audioFilesUpTo()}. Pick a mastering style and tone; a human engineer does the rest.`,
      'Masters arrive by email within 48 hours of payment.',
    ],
    button: { label: 'Start a master', url: '{{siteUrl}}/upload' },
  },
  before_after_showcase: {
    name: 'Before and after showcase',
    description: 'Marketing: hear the difference mastering makes.',
    subject: 'Hear the difference',
    preview: 'Before and after examples from our engineers.',
    lines: [greeting, 'Listen to tracks before and after mastering by our engineers.'],
    content: true,
    button: { label: 'Hear the difference', url: '{{siteUrl}}/' },
  },
  special_offer_discount: {
    name: 'Special offer',
    description: 'Marketing: a discount offer.',
    subject: '{{subject}}',
    preview: 'A special price on your next master.',
    lines: [greeting],
    content: true,
    button: { label: 'Claim the offer', url: '{{siteUrl}}/upload' },
  },
  feedback_request: {
    name: 'Feedback request',
    description: 'Asks how a master turned out.',
    subject: 'How does your master sound?',
    preview: 'Tell us what you think.',
    lines: [
      greeting,
      `We hope you love your master of ${order}. How did it turn out? Rate it from 1 to 5 stars, with a word or two if you like: it takes a minute and helps us and other artists.`,
    ],
    button: { label: 'Rate your master', url: `{{orderPageUrl}}#${RATING_ANCHOR}`, when: 'orderPageUrl' },
  },
  re_engagement_inactive_users: {
    name: 'We miss you',
    description: 'Marketing: brings back customers who have not ordered in a while.',
    subject: 'New music on the way?',
    preview: 'Your next master is a few clicks away.',
    lines: [greeting, 'It has been a while. When your next track is ready, our engineers are too.'],
    content: true,
    button: { label: 'Upload a track', url: '{{siteUrl}}/upload' },
  },
  upsell_cross_sell: {
    name: 'Upsell',
    description: 'Marketing: more tracks, better price.',
    subject: 'Master the whole EP',
    preview: 'Every track sounds better together.',
    lines: [greeting, 'Mastering all tracks of a release together keeps their loudness and tone consistent.'],
    content: true,
    button: { label: 'Upload your EP', url: '{{siteUrl}}/upload' },
  },
  newsletter: {
    name: 'Newsletter',
    description: 'Campaign template: the campaign text in the newsletter layout.',
    subject: '{{subject}}',
    preview: 'News from the studio.',
    lines: [greeting],
    content: true,
  },
  privacy_policy_update: {
    name: 'Privacy policy update',
    description: 'Tells customers the privacy policy changed.',
    subject: 'We updated our privacy policy',
    preview: 'What changes and why.',
    lines: [
      greeting,
      'We updated our privacy policy. Nothing changes in how we use your tracks: they are only used to master your music.',
    ],
    content: true,
  },
  data_download_deletion_confirmation: {
    name: 'Data request confirmation',
    description: 'Confirms a data download or deletion request.',
    subject: 'Your data request is complete',
    preview: 'We completed your request.',
    lines: [greeting, 'We completed your request about your personal data.'],
    content: true,
  },
  promotion: {
    name: 'Promotion',
    description: 'Campaign template: a promotion with the campaign text.',
    subject: '{{subject}}',
    preview: 'A special offer from the studio.',
    lines: [greeting],
    content: true,
    button: { label: 'Master a track', url: '{{siteUrl}}/upload' },
  },
  announcement: {
    name: 'Announcement',
    description: 'Campaign template: an announcement with the campaign text.',
    subject: '{{subject}}',
    preview: 'News from the studio.',
    lines: [greeting],
    content: true,
  },
  custom: {
    name: 'Custom',
    description: 'The text as written: custom emails and custom campaigns.',
    subject: '{{subject}}',
    preview: '{{subject}}',
    lines: [],
    content: true,
  },
};

/** The source of each system template type (subject, MJML, text). */
export function systemSource(type: TemplateType): TemplateSource {
  return sourceOf(COPY[type]);
}

/** A source built from copy with the shared layout. */
function sourceOf(copy: MailCopy): TemplateSource {
  return { subject: copy.subject, html: mjmlLayout(copy), text: textOf(copy) };
}

/** The rows "Init System Templates" creates: one per type, with its name and description. */
export function systemTemplateRows() {
  return (Object.keys(COPY) as TemplateType[]).map((type) => {
    const source = systemSource(type);
    const { name, description } = COPY[type];
    return { type, name, description, subject: source.subject, htmlContent: source.html, textContent: source.text };
  });
}

/** What a mail without a stored type says: a system template's copy, without the screen's name and description. */
type MailCopy = Omit<Copy, 'name' | 'description'>;

/** The mails no stored template replaces (MAIL_TEMPLATES entries without `stored`). */
type UnstoredMail = {
  [N in MailTemplateName]: (typeof MAIL_TEMPLATES)[N] extends { stored: TemplateType } ? never : N;
}[MailTemplateName];

const newOrder: MailCopy = {
  subject: 'New paid order {{shortId}}: {{tracksLabel}}, {{amount}}',
  preview: 'A new order is waiting for an engineer.',
  lines: [
    'A new order is paid and waiting for an engineer.',
    'Order {{orderId}} from {{customerEmail}}: {{tracksLabel}}{{#fileNames}} ({{fileNames}}){{/fileNames}}',
    'Total paid: <strong>{{amount}}</strong>',
  ],
  button: { label: 'Open the orders', url: '{{siteUrl}}/admin/orders' },
};

/** What a code mail says of its one-time sign-in link (shown only when the mail has one). */
const SIGN_IN_LINK_LINE =
  '{{#linkToken}}Or use the button: it works once, in any browser, within {{expiresInMinutes}} minutes, even after a wrong code.{{/linkToken}}';

/** A code mail's one-time sign-in button for `purpose`: the token after `#`, so it never reaches a server log. */
const signInButton = (label: string, purpose: keyof typeof SIGN_IN_LINK_PATHS): Button => ({
  label,
  url: `{{siteUrl}}${SIGN_IN_LINK_PATHS[purpose]}#link={{linkToken}}`,
  when: 'linkToken',
});

/** The copy of each mail that has no stored type, by the name code sends it as. */
const MAIL_COPY: Record<UnstoredMail, MailCopy> = {
  'login-code': {
    subject: 'Your login code: {{code}}',
    preview: 'Your login code',
    lines: [
      'Your login code is',
      '<span style="font-size:28px;font-weight:700;letter-spacing:6px">{{code}}</span>',
      'Type it in the browser where you asked for it; it works only there. It expires in {{expiresInMinutes}} minutes. If you did not ask for it, ignore this email.',
      SIGN_IN_LINK_LINE,
    ],
    button: signInButton('Sign in', 'login'),
  },
  'data-access-code': {
    subject: 'Your code to see your data: {{code}}',
    preview: 'Your code for the Your data page',
    lines: [
      'Your code to download or delete the data we hold about this address is',
      '<span style="font-size:28px;font-weight:700;letter-spacing:6px">{{code}}</span>',
      'Type it in the browser where you asked for it; it works only there. It expires in {{expiresInMinutes}} minutes. It does not create an account. If you did not ask for it, ignore this email.',
      SIGN_IN_LINK_LINE,
    ],
    button: signInButton('Open your data', 'data-access'),
  },
  'new-order': newOrder,
  'admin-new-order': newOrder,
  'payment-needs-attention': {
    subject: 'Payment needs attention: order {{shortId}}, {{amount}}',
    preview: '{{reason}}',
    lines: [
      'A payment of <strong>{{amount}}</strong> arrived for order {{orderId}}{{#customerEmail}} from {{customerEmail}}{{/customerEmail}}.',
      '{{reason}}',
    ],
    button: { label: 'Open the payments', url: '{{siteUrl}}/admin/payments' },
  },
  'download-expiry-reminder': {
    subject: 'Your download link for {{tracksLabel}} expires soon',
    preview: 'Save your master before {{expiryDate}}.',
    lines: [
      greeting,
      'The download link of <strong>{{tracksLabel}}</strong> (order {{shortId}}) expires on {{expiryDate}}. Download your master before then.',
    ],
    button: { label: 'Download your master', url: '{{downloadUrl}}' },
    viewOrder: true,
  },
  'customer-message': { subject: '{{subject}}', preview: '{{subject}}', lines: [greeting], content: true },
  'overdue-digest': {
    subject: '{{count}} overdue order(s)',
    preview: 'Paid orders past their delivery time.',
    lines: [
      'These paid orders are past their delivery time and not yet delivered:',
      '{{#orders}}Order {{shortId}} ({{customerEmail}}): {{status}}, due {{dueAt}}<br>{{/orders}}',
    ],
    button: { label: 'Open the orders', url: '{{siteUrl}}/admin/orders' },
  },
  'refund-request-answered': {
    subject: 'Your refund request for order {{shortId}}',
    preview:
      '{{#approved}}We will refund your order.{{/approved}}{{^approved}}Our answer to your request.{{/approved}}',
    lines: [
      'Hi,',
      `{{#approved}}We agree: we are refunding ${order}. You get a "Refund processed" email with the amount once the bank has it.{{/approved}}{{^approved}}We read your request about ${order} and will not refund it.{{/approved}}`,
      '<span style="white-space:pre-line">{{answer}}</span>',
      'Reply to this email if you have any questions.',
    ],
    viewOrder: true,
  },
  'refund-request-filed': {
    subject: 'Not happy: refund request for order {{shortId}}',
    preview: 'Answer by {{answerBy}}.',
    lines: [
      '{{customerEmail}} is not happy with order <strong>{{shortId}}</strong> and asks for a refund:',
      '<span style="white-space:pre-line">{{message}}</span>',
      'We promised an answer within one working day: please answer by <strong>{{answerBy}}</strong>. The customer gets your answer by email.',
    ],
    button: { label: 'Open the refund requests', url: '{{siteUrl}}/admin/refund-requests' },
  },
  'refund-request-received': {
    subject: 'We have your request about order {{shortId}}',
    preview: 'We answer by {{answerBy}}.',
    lines: [
      'Hi,',
      `We received your request about ${order}. A person reads it, and you get our answer by email within one working day: by <strong>{{answerBy}}</strong> at the latest.`,
      'You wrote:',
      '<span style="white-space:pre-line">{{message}}</span>',
    ],
    viewOrder: true,
  },
  'revision-request-received': {
    subject: 'Revision round {{round}} requested: order {{shortId}}',
    preview: 'Your engineer has your notes on {{fileName}}.',
    lines: [
      'Hi,',
      `We received your request for revision round {{round}} of <strong>{{fileName}}</strong> (${order}){{#at}}, at {{at}}{{/at}}. Your engineer has your notes:`,
      '<span style="white-space:pre-line">{{note}}</span>',
      '{{#readyBy}}Your revised master will be ready by <strong>{{readyBy}}</strong>. {{/readyBy}}We email you as soon as it is.',
    ],
    viewOrder: true,
  },
  'revision-requested': {
    subject: 'Revision round {{round}} asked for: order {{shortId}}',
    preview: '{{fileName}}: {{note}}',
    lines: [
      '{{customerEmail}} asked for revision round {{round}} of <strong>{{fileName}}</strong> (order {{shortId}}){{#at}}, at {{at}}{{/at}}:',
      '<span style="white-space:pre-line">{{note}}</span>',
    ],
    button: { label: 'Open the orders', url: '{{siteUrl}}/admin/orders' },
  },
  'order-link-renewed': {
    subject: 'A new link to your order {{shortId}}',
    preview: 'The links in earlier emails no longer open your order.',
    lines: [
      'Hi,',
      'We replaced the links to your order <strong>{{shortId}}</strong>: the links in earlier emails no longer open it. Use the button below from now on.',
      'If you did not ask us for this, reply to this email.',
    ],
    button: VIEW_ORDER,
  },
  'payment-reminder': {
    subject: 'Your order {{shortId}} is waiting for payment',
    preview: 'Finish paying to start the mastering.',
    lines: [
      'Hi,',
      'Your order <strong>{{shortId}}</strong> ({{amount}}) is not paid yet, so we have not started mastering it.',
      'Unpaid orders and their uploads are removed {{expiresInHours}} hours after they are placed.',
    ],
    button: { label: 'Finish paying', url: '{{resumeUrl}}' },
  },
  'marketing-consent-confirm': {
    subject: 'Confirm that you want news from {{siteName}}',
    preview: 'One click, and you get our news and offers.',
    lines: [
      'Hi,',
      'Someone placed an order with this address and asked for news and offers from {{siteName}}. We send them only once you confirm, within {{confirmDays}} days.',
      'If it was not you, or you changed your mind, ignore this email: you will get no marketing from us.',
    ],
    button: { label: 'Yes, send me news', url: '{{confirmUrl}}', when: 'confirmUrl' },
  },
  'order-list': {
    subject: 'Your orders with {{siteName}}',
    preview: 'Links to each of your orders.',
    lines: [
      'Hi,',
      'You asked for your orders. Open one to see its status, the due time, your masters and revisions:',
      '{{#orders}}Order <strong>{{shortId}}</strong>, placed {{placedOn}}: {{status}}. <a href="{{orderPageUrl}}">View order {{shortId}}</a><br />{{/orders}}',
      'If you did not ask for this email, you can ignore it: the links only show your orders to whoever holds this email.',
    ],
  },
  'settings-test-email': {
    subject: '{{siteName}}: test email',
    preview: 'Mail delivery works',
    lines: [
      'This is a test email from the {{siteName}} settings screen, sent at {{sentAt}}.',
      'If you can read it, mail delivery works.',
    ],
  },
};

/** The built-in source of mail `name`: the system template of its stored type, else its own copy in the shared layout. */
export function mailSource(name: MailTemplateName): TemplateSource {
  const type = storedTypeOf(name);
  return type ? systemSource(type) : sourceOf(MAIL_COPY[name as UnstoredMail]);
}
