import { z } from 'zod';
import { DELIVERY_HOURS } from './constants';
import { groupThousands } from './format';

// Claims from data (issue 27 item 9): the spec's marketing claims ("500+ tracks mastered", "48-hour
// average delivery", "100% ready for streaming") are computed from the orders and the masters'
// analysis, rounded the honest way (a count and a share down, a time up), and each is shown only when
// the data backs it past the thresholds an admin sets in Settings. A studio never states a number it
// cannot back: below the minimum number of delivered tracks, no claim is shown at all.

/** The true peak a master may reach and still count as ready for streaming (dBTP). */
export const STREAMING_TRUE_PEAK_DBTP = -1;

const whole = (label: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number()
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be ${min} to ${max}`)
    .max(max, `${label} must be ${min} to ${max}`)
    .default(fallback);

/** Settings → Marketing claims: when each claim may be shown. */
export const ClaimSettings = z.object({
  /** No claim at all until this many tracks were delivered. */
  minTracksDelivered: whole('Minimum tracks delivered', 1, 1_000_000, 100),
  /** The delivery claim only while the median delivery takes at most this many hours. */
  maxMedianDeliveryHours: whole('Longest median delivery', 1, 720, DELIVERY_HOURS),
  /** The streaming claim only while at least this share of measured masters peaks at or under -1 dBTP. */
  minStreamingReadyPercent: whole('Minimum streaming-ready share', 1, 100, 95),
});
export type ClaimSettings = z.infer<typeof ClaimSettings>;
export const DEFAULT_CLAIM_SETTINGS: ClaimSettings = Object.freeze(ClaimSettings.parse({}));
/** What the thresholds do (shown under the title on the Settings screen). */
export const CLAIM_SETTINGS_NOTE =
  'The home page states how many tracks were mastered, the median delivery time and the share of masters ready for streaming (true peak at or under -1 dBTP), computed from delivered orders. Below the minimum number of delivered tracks no claim is shown; each other claim only while the data meets its threshold.';

/** What the claims are computed from. */
export const ClaimFigures = z.object({
  /** Tracks (order files) of orders delivered at least once. */
  tracksDelivered: z.number().int().nonnegative(),
  /** Median hours from payment to first delivery; null with no delivery. */
  medianDeliveryHours: z.number().nonnegative().nullable(),
  /** Delivered tracks whose newest master analysis measured a true peak. */
  mastersMeasured: z.number().int().nonnegative(),
  /** Of those, how many peak at or under STREAMING_TRUE_PEAK_DBTP. */
  mastersStreamingReady: z.number().int().nonnegative(),
});
export type ClaimFigures = z.infer<typeof ClaimFigures>;

/** One claim as the home page shows it: a figure and what it counts ("120+", "tracks mastered"). */
export const Claim = z.object({
  key: z.enum(['tracks', 'delivery', 'streaming']),
  figure: z.string(),
  label: z.string(),
});
export type Claim = z.infer<typeof Claim>;

/** GET /api/config/claims: the claims the data backs now (none below the thresholds). */
export const PublicClaims = z.object({ claims: z.array(Claim) });
export type PublicClaims = z.infer<typeof PublicClaims>;

/** GET/PUT /api/admin/settings/claims: the thresholds, the figures and what the home page shows with them. */
export const ClaimsOverview = z.object({ settings: ClaimSettings, figures: ClaimFigures, claims: z.array(Claim) });
export type ClaimsOverview = z.infer<typeof ClaimsOverview>;

/** A count rounded down to two significant digits: 45 → 45, 127 → 120, 537 → 530, 1 234 → 1 200. */
export function countDown(n: number): number {
  if (n < 100) return Math.floor(n);
  const step = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.floor(n / step) * step;
}

/** The claims `figures` back under `settings`, in the home page's order (see the rules above). */
export function claimsFrom(figures: ClaimFigures, settings: ClaimSettings): Claim[] {
  if (figures.tracksDelivered < settings.minTracksDelivered) return [];
  const claims: Claim[] = [
    {
      key: 'tracks',
      figure: `${groupThousands(countDown(figures.tracksDelivered))}+`,
      label: 'tracks mastered',
    },
  ];
  const hours = figures.medianDeliveryHours === null ? null : Math.max(1, Math.ceil(figures.medianDeliveryHours));
  if (hours !== null && hours <= settings.maxMedianDeliveryHours)
    claims.push({ key: 'delivery', figure: `${hours}-hour`, label: 'median delivery' });
  if (figures.mastersMeasured > 0) {
    const percent = Math.floor((figures.mastersStreamingReady / figures.mastersMeasured) * 100);
    if (percent >= settings.minStreamingReadyPercent)
      claims.push({ key: 'streaming', figure: `${percent}%`, label: 'ready for streaming' });
  }
  return claims;
}
