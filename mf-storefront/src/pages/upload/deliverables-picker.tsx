import {
  formatCents,
  PACK_FORMAT_INFO,
  priceReleasePack,
  TrackMetadata,
  type PackFormat,
  type PackOfferView,
  type ReleasePackChoice,
} from '@mastering/contracts';
import { Input, Label } from '@mastering/ui';
import { useId } from 'react';

// The release pack on the upload form (issue 54 item 2): the formats the studio offers, each with its
// price per track, and, once any is picked, each track's release metadata. The server prices it again.

/** One track's metadata as typed (every field a string, so inputs stay controlled). */
export type MetadataDraft = {
  title: string;
  artist: string;
  isrc: string;
  album: string;
  year: string;
  composer: string;
};

/** The picker's state: the formats picked and each uploaded track's metadata by upload id. */
export type PackDraft = { formats: PackFormat[]; tracks: Record<string, MetadataDraft> };
export const EMPTY_PACK: PackDraft = { formats: [], tracks: {} };

/** A track's metadata before anything is typed: its title from its file name. */
export const metadataFor = (fileName: string): MetadataDraft => ({
  title: fileName.replace(/\.[^.]+$/, ''),
  artist: '',
  isrc: '',
  album: '',
  year: '',
  composer: '',
});

/**
 * The pack to send with the order for `items` (in the order's file order), or the first problem's
 * message (a bad ISRC, a missing title); no format picked: no pack.
 */
export function packChoiceOf(
  pack: PackDraft,
  items: readonly { id: string; name: string }[],
): { ok: true; choice: ReleasePackChoice | undefined } | { ok: false; message: string } {
  if (pack.formats.length === 0) return { ok: true, choice: undefined };
  const tracks: TrackMetadata[] = [];
  for (const item of items) {
    const parsed = TrackMetadata.safeParse(pack.tracks[item.id] ?? metadataFor(item.name));
    if (!parsed.success) return { ok: false, message: `${item.name}: ${parsed.error.issues[0]!.message}` };
    tracks.push(parsed.data);
  }
  return { ok: true, choice: { formats: pack.formats, tracks } };
}

/** The pack's price for `trackCount` tracks in cents, by the contracts' one function (0 when nothing is offered). */
export function packTotalCents(formats: readonly PackFormat[], trackCount: number, offers: readonly PackOfferView[]) {
  const settings = {
    offers: Object.fromEntries(
      (Object.keys(PACK_FORMAT_INFO) as PackFormat[]).map((f) => {
        const offer = offers.find((o) => o.format === f);
        return [f, { offered: Boolean(offer), priceCents: offer?.priceCents ?? 0 }];
      }),
    ) as Record<PackFormat, { offered: boolean; priceCents: number }>,
  };
  const offered = formats.filter((f) => offers.some((o) => o.format === f));
  return trackCount > 0 ? priceReleasePack(offered, trackCount, settings).totalCents : 0;
}

const FIELDS: [keyof MetadataDraft, string, string][] = [
  ['title', 'Title', ''],
  ['artist', 'Artist', ''],
  ['isrc', 'ISRC (optional)', 'ZA-ABC-26-00001'],
  ['album', 'Album (optional)', ''],
  ['year', 'Year (optional)', '2026'],
  ['composer', 'Composer (optional)', ''],
];

/** The formats to pick and, once one is picked, the metadata of each track. */
export function DeliverablesPicker({
  offers,
  items,
  value,
  onChange,
}: {
  offers: readonly PackOfferView[];
  items: readonly { id: string; name: string }[];
  value: PackDraft;
  onChange: (next: PackDraft) => void;
}) {
  const ids = useId();
  if (offers.length === 0) return null;
  const toggle = (format: PackFormat, on: boolean) =>
    onChange({
      ...value,
      formats: on ? [...value.formats, format] : value.formats.filter((f) => f !== format),
    });
  const setField = (itemId: string, name: string, key: keyof MetadataDraft, text: string) =>
    onChange({
      ...value,
      tracks: { ...value.tracks, [itemId]: { ...(value.tracks[itemId] ?? metadataFor(name)), [key]: text } },
    });
  return (
    <fieldset className="space-y-3" data-testid="deliverables-picker">
      <legend className="mb-2 text-sm font-semibold">Release pack (optional)</legend>
      <p className="text-xs text-muted-foreground">
        Every format is rendered from your master, dithered where the bit depth drops, with your metadata embedded.
      </p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {offers.map((offer) => (
          <li key={offer.format}>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={value.formats.includes(offer.format)}
                onChange={(event) => toggle(offer.format, event.target.checked)}
                data-testid={`pack-format-${offer.format}`}
              />
              <span>{offer.label}</span>
              <span className="ml-auto text-muted-foreground">
                {offer.priceCents === 0 ? 'free' : `${formatCents(offer.priceCents)} per track`}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {value.formats.length > 0 &&
        items.map((item, index) => {
          const track = value.tracks[item.id] ?? metadataFor(item.name);
          return (
            <div key={item.id} className="space-y-2 rounded-lg border border-border p-3" data-testid="pack-track">
              <p className="truncate text-sm font-medium">{item.name}</p>
              <div className="grid gap-2 sm:grid-cols-3">
                {FIELDS.map(([key, label, placeholder]) => (
                  <div key={key} className="space-y-1">
                    <Label htmlFor={`${ids}-${index}-${key}`}>{label}</Label>
                    <Input
                      id={`${ids}-${index}-${key}`}
                      value={track[key]}
                      placeholder={placeholder}
                      onChange={(event) => setField(item.id, item.name, key, event.target.value)}
                      data-testid={`pack-${key}`}
                    />
                  </div>
                ))}
              </div>
            </div>
          );
        })}
    </fieldset>
  );
}
