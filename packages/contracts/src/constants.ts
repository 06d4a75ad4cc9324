// Business constants both specs fix (storefront §9, back-office §9), shared by the browser and the services.

/** Masters are delivered within this many hours of payment. */
export const DELIVERY_HOURS = 48;

/** A login code has this many digits and expires after this many minutes. */
export const LOGIN_CODE_LENGTH = 6;
export const LOGIN_CODE_TTL_MINUTES = 10;

/** The launch-special countdown starts at this many hours on every page load. */
export const COUNTDOWN_START_HOURS = 36;

/** The advertised special price per track (comparison table, login and payment banners), in rand. */
export const ADVERTISED_SPECIAL_PRICE = 299;

/** A customer who has spent more than this many rand is a VIP. */
export const VIP_THRESHOLD_RAND = 2000;

/** How long the storefront treats showcase tracks, and the admin analytics, as fresh. */
export const SHOWCASE_STALE_MS = 300_000;
export const ANALYTICS_STALE_MS = 300_000;
