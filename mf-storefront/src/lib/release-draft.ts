import {
  DEFAULT_GAP_SECONDS,
  pricingForChoice,
  ReleaseInput as ReleaseInputSchema,
  STILL_UPLOADING,
  type ReferenceAspect,
  type ReleaseChoice,
  type ReleaseInput,
  type SiteConfig,
} from '@mastering/contracts';
import { checkForm } from '@mastering/ui/core';
import type { UploadItem } from './upload-items';

// The upload form's release (issue 55) without React: single, EP or album; the running order as upload
// item ids; the gap, notes and anchor of each track; the reference tracks and what to take from each;
// and the `release` of the order body it becomes.

/** What the customer asks of one reference upload: the track it is for ('' for the whole release), aspects, note. */
export type ReferenceChoice = { track: string; takes: ReferenceAspect[]; note: string };

/** The release as the form holds it. */
export type ReleaseDraft = {
  choice: ReleaseChoice;
  title: string;
  artist: string;
  notes: string;
  /** Upload item ids in running order (new uploads join at the end, removed ones drop out). */
  order: string[];
  /** Seconds before each track by item id; null is "no gap"; absent is the default. */
  gaps: Record<string, number | null>;
  anchor: string | null;
  trackNotes: Record<string, string>;
  references: Record<string, ReferenceChoice>;
};

export const EMPTY_RELEASE: ReleaseDraft = {
  choice: 'single',
  title: '',
  artist: '',
  notes: '',
  order: [],
  gaps: {},
  anchor: null,
  trackNotes: {},
  references: {},
};

/** The items in running order: the draft's order first, then items it has not placed yet, in upload order. */
export function runningOrder(draft: ReleaseDraft, items: readonly UploadItem[]): UploadItem[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const placed = draft.order.filter((id) => byId.has(id));
  const rest = items.filter((item) => !placed.includes(item.id)).map((item) => item.id);
  return [...placed, ...rest].map((id) => byId.get(id)!);
}

/** `ids` with `id` moved to `to` (clamped to the list): the drag's drop and the move buttons. */
export function moveTo(ids: readonly string[], id: string, to: number): string[] {
  const from = ids.indexOf(id);
  if (from < 0) return [...ids];
  const next = ids.filter((other) => other !== id);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, id);
  return next;
}

/** The gap before an item's track (the default until the customer changes it). */
export const gapOf = (draft: ReleaseDraft, id: string): number | null =>
  id in draft.gaps ? draft.gaps[id]! : DEFAULT_GAP_SECONDS;

/** The anchor: the chosen one while it is still in the release, else the first track. */
export function anchorOf(draft: ReleaseDraft, ordered: readonly UploadItem[]): string | null {
  return ordered.some((item) => item.id === draft.anchor) ? draft.anchor : (ordered[0]?.id ?? null);
}

/** The site's pricing for the choice: a release's tracks at the release price from Settings, when set. */
export function configForChoice(config: SiteConfig, choice: ReleaseChoice): SiteConfig {
  const priced = pricingForChoice(choice, config, { releaseTrackPriceCents: config.releaseTrackPriceCents ?? null });
  return priced === config ? config : { ...priced, basePrice: priced.basePriceCents / 100 };
}

/**
 * The order body's `release` for the items (whose `files` are in upload order) and the completed
 * reference uploads; undefined for a single. The server checks it all again.
 */
export function releaseBody(
  draft: ReleaseDraft,
  items: readonly UploadItem[],
  referenceItems: readonly UploadItem[],
): ReleaseInput | undefined {
  if (draft.choice === 'single') return undefined;
  const ordered = runningOrder(draft, items);
  const anchor = anchorOf(draft, ordered);
  const place = (id: string) => ordered.findIndex((item) => item.id === id);
  return {
    kind: draft.choice,
    title: draft.title.trim(),
    artist: draft.artist.trim(),
    ...(draft.notes.trim() ? { notes: draft.notes.trim() } : {}),
    tracks: ordered.map((item) => ({
      file: items.indexOf(item),
      gapSeconds: gapOf(draft, item.id),
      ...(draft.trackNotes[item.id]?.trim() ? { notes: draft.trackNotes[item.id]!.trim() } : {}),
    })),
    anchor: Math.max(
      0,
      ordered.findIndex((item) => item.id === anchor),
    ),
    references: referenceItems.map((ref) => {
      const choice = draft.references[ref.id];
      const track = choice?.track ? place(choice.track) : -1;
      return {
        originalFilePath: ref.objectPath ?? '',
        originalName: ref.name,
        ...(track >= 0 ? { track } : {}),
        takes: choice?.takes ?? [],
        ...(choice?.note.trim() ? { note: choice.note.trim() } : {}),
      };
    }),
  };
}

/**
 * What Proceed checks of the release after the order itself: references still uploading, then the
 * contract (title, artist, gaps, anchor, reference counts). A single passes with no release.
 */
export function checkReleaseDraft(
  draft: ReleaseDraft,
  items: readonly UploadItem[],
  referenceItems: readonly UploadItem[],
): { ok: true; release: ReleaseInput | undefined } | { ok: false; message: string } {
  if (draft.choice === 'single') return { ok: true, release: undefined };
  if (referenceItems.some((ref) => ref.status === 'uploading')) return { ok: false, message: STILL_UPLOADING };
  const completed = referenceItems.filter((ref) => ref.status === 'completed');
  const check = checkForm(ReleaseInputSchema, releaseBody(draft, items, completed));
  return check.ok ? { ok: true, release: check.data } : { ok: false, message: check.message };
}
