// The mix check's names and the texts the pages show (issue 54 item 1), in a module without schemas, as
// the design system's report (packages/ui) reads them. The advice sentences, which the worker writes,
// are in mix-check.ts.

/** The checks, in the order the report lists them. */
export const MIX_CHECKS = [
  'format',
  'loudness',
  'truePeak',
  'clipping',
  'limiter',
  'dcOffset',
  'stereo',
  'lossySource',
  'silence',
] as const;
type CheckName = (typeof MIX_CHECKS)[number];

/** What each check is called in the report. */
export const MIX_CHECK_TITLES: Record<CheckName, string> = {
  format: 'Format',
  loudness: 'Loudness',
  truePeak: 'Headroom',
  clipping: 'Clipping',
  limiter: 'Limiter on the mix bus',
  dcOffset: 'DC offset',
  stereo: 'Mono compatibility',
  lossySource: 'Lossy source',
  silence: 'Silence at the start and end',
};

/** The answer to a mix check asked for by someone else's browser, or of an upload never checked. */
export const MIX_CHECK_UNKNOWN = 'No mix check for this upload.';

/** What a customer reads when a mix check could not be made, and while it runs. */
export const MIX_CHECK_TEXTS = {
  heading: 'Mix check',
  pending: 'Checking your mix…',
  intro: 'What we measured in your mix. Nothing here stops you ordering; you can replace a track before you pay.',
  notChecked: 'This file could not be checked; the engineer will look at it when you order.',
} as const;
