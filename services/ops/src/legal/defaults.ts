import type { LegalDocumentKind } from '@mastering/contracts';

// The legal pages' default texts, written for this service (human mastering, paid per track by card,
// delivered by email). Placeholders in {{double braces}} are filled in from Settings when shown. Staff
// replace a text in Settings → Legal; a saved version always wins over these.

const TERMS = `# Terms of Service

These terms apply when you order mastering from **{{legalName}}** ({{studioDetails}}).

## The service
You upload your mixes, choose your mastering options and pay by card through Yoco's secure hosted checkout.
A human engineer masters each track and we email you a download link **within {{deliveryHours}} hours of payment**.
The price per track, any launch discount and VAT are shown before you pay; the amount charged is the total
shown on the review step.

## Starting work and your cooling-off right
The Electronic Communications and Transactions Act (s44) gives you 7 days to cancel an online order for a
service. When you tick *"I agree to the terms and ask you to start work right away"* you ask us to begin at
once; once an engineer has started on your track, the cooling-off right ends for that work. Until work
starts you may cancel for a full refund by writing to {{supportEmail}}.

## Revisions
If a master is not what you hoped for, ask for a revision on your order page (the "View your order" link in
every order email) within {{revisionDays}} days of delivery and tell us what to change. Each track includes
{{freeRevisions}} free revisions.

## Your files
You keep every right in your music. You confirm you may have the files mastered. We use them only to do the
work you ordered. Download links stay valid for {{downloadDays}} days.

## Complaints
Write to {{supportEmail}}. Nothing in these terms limits your rights under the Consumer Protection Act.
`;

const PRIVACY = `# Privacy Policy

**{{legalName}}** ({{studioDetails}}) is responsible for your personal information under the Protection of
Personal Information Act (POPIA).

## What we keep and why
- Your email address and name: to send your login codes, order confirmations and masters.
- The audio you upload and the masters we make: to do the work you ordered.
- Order and payment records: to deliver, to answer questions and because tax law requires them (5 years).
  Card details go to Yoco, our payment provider; we never see or store them.
- The network address you agreed to the terms from, with the time: as a record of your consent.

## How long we keep your audio
The tracks you upload and the masters we make are deleted from our storage once your order has ended:
- **Delivered orders:** {{deliveredRetention}} after delivery. While a revision is open nothing is deleted,
  and once the revision is delivered the {{deliveredRetention}} start again.
- **Refunded orders:** {{refundedRetention}} after the refund.
- **Orders cancelled after payment:** {{cancelledRetention}} after the cancellation.
- **Orders never paid** (expired or cancelled before payment): {{expiredRetention}} after that.

The order itself, its invoice and its history stay (tax law), without the audio.

## Marketing
We send news and offers only if you ticked the marketing box, or, as a paying customer, about our own similar
services. Every such mail has a link to stop them at once.

## Your rights
You may ask for a copy of everything we hold about you, ask us to correct it, or ask us to delete it (we keep
only what tax law requires, without your personal details). Write to our information officer at
{{supportEmail}}. You may also complain to the Information Regulator (inforegulator.org.za).

## Security
Payments run on Yoco's PCI-DSS certified checkout. Our site is served over HTTPS, files are stored privately
and download links are signed and expire.
`;

const REFUNDS = `# Refund Policy

We want you to be happy with every master from **{{legalName}}**.

- **Before work starts:** cancel by writing to {{supportEmail}} and we refund the full amount.
- **Asking for a refund:** use "Not happy?" on your order page, or write to {{supportEmail}}; a person answers
  every request.
- **Not happy with a master:** ask for a revision on your order page within {{revisionDays}} days of delivery;
  each track includes {{freeRevisions}} free revisions.
- **Still not happy after a revision, or we miss the {{deliveryHours}}-hour delivery:** we refund that track
  in full.

Refunds go back to the card you paid with through Yoco, usually within 5 to 10 working days. When the studio
is a VAT vendor you receive a credit note with the refund.
`;

/** The default text of each legal document (version 0, shown until staff save one). */
export const DEFAULT_LEGAL_MARKDOWN: Readonly<Record<LegalDocumentKind, string>> = {
  terms: TERMS,
  privacy: PRIVACY,
  refunds: REFUNDS,
};
