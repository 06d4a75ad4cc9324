// Business constants both specs fix (storefront §9, back-office §9), shared by the browser and the services.

/** Masters are delivered within this many hours of payment. */
export const DELIVERY_HOURS = 48;

/** A login code has this many digits and expires after this many minutes. */
export const LOGIN_CODE_LENGTH = 6;
export const LOGIN_CODE_TTL_MINUTES = 10;

/** A customer who has spent more than this many rand is a VIP. */
export const VIP_THRESHOLD_RAND = 2000;

/** How long the storefront treats showcase tracks, and the admin analytics, as fresh. */
export const SHOWCASE_STALE_MS = 300_000;
export const ANALYTICS_STALE_MS = 300_000;

// Behaviour limits of the browser screens (storefront spec §9, back-office spec §9).

/** Toasts: at most this many at once. */
export const TOAST_LIMIT = 1;
/** A toast closes itself after this many milliseconds unless given another duration. */
export const TOAST_DURATION_MS = 5000;
/** A dismissed toast is forgotten this many milliseconds later. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** Swiping a toast right by this many pixels dismisses it. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/** The storefront header turns opaque with a border once the page is scrolled beyond this many pixels. */
export const HEADER_SCROLL_THRESHOLD_PX = 50;

/** The admin sidebar remembers its state in a cookie for this many days. */
export const SIDEBAR_COOKIE_DAYS = 7;
/** Below this width (pixels) the admin sidebar is a slide-in sheet. */
export const MOBILE_BREAKPOINT_PX = 768;

/** The examples player starts the mastered version this many milliseconds after switching to it. */
export const MASTERED_AUTOPLAY_DELAY_MS = 100;
/** A showcase track's loading flag clears after at most this many milliseconds, even if its audio never answers. */
export const TRACK_LOADING_TIMEOUT_MS = 1000;
/** Where customers write for help while Settings → General names no support or contact address. */
export const SUPPORT_EMAIL = 'support@mastering.co.za';
/** The studio's name while Settings → General has not named it. */
export const DEFAULT_SITE_NAME = 'Mastering Studio';

/** Where customers write for help: the General settings' support address, else their contact address, else SUPPORT_EMAIL. */
export function supportAddressOf(general: { supportEmail: string; contactEmail: string }): string {
  return general.supportEmail || general.contactEmail || SUPPORT_EMAIL;
}

/** The placeholder audio (a quarter second of silence) for a showcase version without audio: a real file under /audio (storefront spec §3). */
export const PLACEHOLDER_AUDIO_URL = '/audio/placeholder.wav';

/**
 * R499 per track, 35% launch discount, 500 MB per file (storefront spec §9): the shape of
 * PricingSettings (pricing.ts), kept here without its schema so the pages' texts take no zod.
 */
export const DEFAULT_PRICING: Readonly<{
  basePriceCents: number;
  launchDiscountPercent: number;
  maxFileSizeMb: number;
  launchEndsAt: string | null;
}> = Object.freeze({
  basePriceCents: 49900,
  launchDiscountPercent: 35,
  maxFileSizeMb: 500,
  launchEndsAt: null,
});

/**
 * Days a marketing-consent confirmation link works (POPIA s69 double opt-in). A later order with the box
 * ticked mails a new link only once the last one has run out, so an address is asked at most once a span.
 */
export const CONSENT_CONFIRM_DAYS = 30;
