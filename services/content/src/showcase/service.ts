import type { Knex } from 'knex';
import type { ShowcaseTrack } from '@mastering/contracts';

/** Maps a showcase_tracks row to the API shape (isActive as the spec's 'true'/'false' string). */
export function toShowcaseTrack(row: Record<string, any>): ShowcaseTrack {
  return {
    id: row.id,
    title: row.title,
    artist: row.artist,
    genre: row.genre,
    beforeDescription: row.beforeDescription,
    afterDescription: row.afterDescription,
    artworkUrl: row.artworkUrl ?? null,
    originalAudioUrl: row.originalAudioUrl ?? null,
    masteredAudioUrl: row.masteredAudioUrl ?? null,
    isActive: row.isActive ? 'true' : 'false',
    displayOrder: row.displayOrder,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** Active showcase tracks in display order, for the public examples player. */
export async function listActiveShowcaseTracks(knex: Knex): Promise<ShowcaseTrack[]> {
  const rows = await knex('showcase_tracks').where({ isActive: true }).orderBy([{ column: 'displayOrder' }, { column: 'createdAt' }]);
  return rows.map(toShowcaseTrack);
}
