// The release pack at order time (issue 54 item 2): the server prices the formats a customer picked
// from Settings → Release pack and keeps each track's metadata; nothing the browser says about money counts.
import type { Knex } from 'knex';
import {
  offeredFormats,
  PACK_TRACKS_MISMATCH,
  priceReleasePack,
  type OrderReleasePack,
  type PackOfferView,
  type ReleasePackChoice,
  type TrackMetadata,
} from '@mastering/contracts';
import { Setting } from '@mastering/db';
import { BadRequest } from '@mastering/service-kit';

/** What an order stores of its pack: the formats at their prices, the pack's cents, each file's metadata. */
export type OrderPack = {
  releasePack: OrderReleasePack | null;
  releasePackCents: number;
  metadata: (TrackMetadata | null)[];
};

/** The formats the upload page offers now, with their prices per track. */
export async function packOffers(knex: Knex): Promise<PackOfferView[]> {
  return offeredFormats(await Setting.section(knex, 'releasePack'));
}

/**
 * Prices the pack of an order of `trackCount` tracks from the stored offers (400 with the format's
 * name when one is no longer offered) and lines up the tracks' metadata with the files (400 when given
 * for some tracks but not all). No pack: nothing added.
 */
export async function priceOrderPack(
  knex: Knex,
  choice: ReleasePackChoice | undefined,
  trackCount: number,
): Promise<OrderPack> {
  const metadata: (TrackMetadata | null)[] = Array.from({ length: trackCount }, (_, i) => choice?.tracks[i] ?? null);
  if (choice && choice.tracks.length !== 0 && choice.tracks.length !== trackCount)
    throw new BadRequest(PACK_TRACKS_MISMATCH);
  if (!choice?.formats.length) return { releasePack: null, releasePackCents: 0, metadata };
  try {
    const priced = priceReleasePack(choice.formats, trackCount, await Setting.section(knex, 'releasePack'));
    return { releasePack: { formats: priced.formats }, releasePackCents: priced.totalCents, metadata };
  } catch (err) {
    if (err instanceof RangeError) throw new BadRequest(err.message);
    throw err;
  }
}
