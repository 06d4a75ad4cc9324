// What a customer agrees to before paying (ECTA s43(2) review step, s44 cooling-off) and the
// separate marketing consent (POPIA s69). The server keeps the agreement with the order.

/** The required tick at checkout, word for word. */
export const TERMS_CONSENT_TEXT = 'I agree to the terms and ask you to start work right away';
/** What the tick means for the customer's cooling-off right, shown under it. */
export const COOLING_OFF_NOTE =
  'You have 7 days to cancel an online order for a service (ECTA s44). By asking us to start right away, that right ends once an engineer starts on your track; until then you can cancel for a full refund.';
/**
 * The separate, optional marketing box (unticked until the customer ticks it). It counts only once the
 * address confirms the mailed link (POPIA s69 double opt-in), and the box says so.
 */
export const MARKETING_CONSENT_TEXT =
  'Email me news and offers (optional; we first email you a link to confirm, and you can unsubscribe in any email)';
/** The server's answer to an order without the tick (400). */
export const TERMS_REQUIRED = 'Please agree to the terms and ask us to start work before you pay';
/**
 * The version of the consent wording above; stored with each order beside the terms version in force.
 * Change it whenever TERMS_CONSENT_TEXT or COOLING_OFF_NOTE changes.
 */
export const CONSENT_TEXT_VERSION = 'consent-1';

/** The text version kept with an order: the consent wording's version and the terms' version ("consent-1; terms v0"). */
export const consentRecordVersion = (termsVersion: number) => `${CONSENT_TEXT_VERSION}; terms v${termsVersion}`;
