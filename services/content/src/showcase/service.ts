import type { Knex } from 'knex';
import type { ShowcaseTrack as ShowcaseTrackShape } from '@mastering/contracts';
import { ShowcaseTrack } from '@mastering/db';

/** Active showcase tracks in display order, for the public examples player. */
export async function listActiveShowcaseTracks(knex: Knex): Promise<ShowcaseTrackShape[]> {
  const tracks = await ShowcaseTrack.query(knex).modify(['active', 'inDisplayOrder']);
  return tracks.map((track) => track.toApi());
}
