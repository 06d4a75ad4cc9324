import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  ARTWORK_SIZE_PX,
  SHOWCASE_MEDIA_FIELDS,
  type ShowcaseMediaField,
  type ShowcaseTrack as ShowcaseTrackShape,
  type ShowcaseTrackForm,
  type ShowcaseTrackUpdate,
} from '@mastering/contracts';
import { ShowcaseTrack } from '@mastering/db';
import { NotFound } from '@mastering/service-kit';
import type { ContentDeps } from '../deps';
import type { UploadedFile } from '../media/form';
import { removeMedia, replacedUrls, saveWithMedia, type MediaColumn } from '../media/store';

type UrlColumn = 'artworkUrl' | 'originalAudioUrl' | 'masteredAudioUrl';

/** Each upload field of the showcase form and the column that keeps its URL. */
const MEDIA: Record<ShowcaseMediaField, MediaColumn<UrlColumn>> = {
  artwork: { ...SHOWCASE_MEDIA_FIELDS.artwork, column: 'artworkUrl', sizePx: ARTWORK_SIZE_PX },
  originalAudio: { ...SHOWCASE_MEDIA_FIELDS.originalAudio, column: 'originalAudioUrl' },
  masteredAudio: { ...SHOWCASE_MEDIA_FIELDS.masteredAudio, column: 'masteredAudioUrl' },
};
const URL_COLUMNS = Object.values(MEDIA).map((m) => m.column);

type ShowcaseFiles = Partial<Record<ShowcaseMediaField, UploadedFile>>;

/** Active showcase tracks in display order, for the public examples player. */
export async function listActiveShowcaseTracks(knex: Knex): Promise<ShowcaseTrackShape[]> {
  const tracks = await ShowcaseTrack.query(knex).modify(['active', 'inDisplayOrder']);
  return tracks.map((track) => track.toApi());
}

/** Every showcase track, hidden ones included, in display order (the admin's list). */
export async function listAllShowcaseTracks(knex: Knex): Promise<ShowcaseTrackShape[]> {
  const tracks = await ShowcaseTrack.query(knex).modify('inDisplayOrder');
  return tracks.map((track) => track.toApi());
}

// The form's text flags as the table's booleans; fields left out stay left out.
const toColumns = ({ isActive, ...rest }: ShowcaseTrackUpdate) => ({
  ...rest,
  ...(isActive === undefined ? {} : { isActive: isActive === 'true' }),
});

/** Adds a showcase track with its optional artwork and audio files; answers the stored track. */
export async function createShowcaseTrack(
  { knex, storage, logger }: ContentDeps,
  form: ShowcaseTrackForm,
  files: ShowcaseFiles,
) {
  const id = randomUUID();
  return saveWithMedia(
    storage,
    files,
    MEDIA,
    `showcase/${id}`,
    async (urls) => {
      const track = await ShowcaseTrack.query(knex).insertAndFetch({ id, ...toColumns(form), ...urls });
      return { record: track.toApi(), replaced: [] };
    },
    logger,
  );
}

/** Changes a showcase track: the fields given, and each file sent replaces the old one (whose file is removed). */
export async function updateShowcaseTrack(
  { knex, storage, logger }: ContentDeps,
  id: string,
  update: ShowcaseTrackUpdate,
  files: ShowcaseFiles,
) {
  if (!(await ShowcaseTrack.query(knex).findById(id))) throw new NotFound('Showcase track not found');
  return saveWithMedia(
    storage,
    files,
    MEDIA,
    `showcase/${id}`,
    (urls) =>
      knex.transaction(async (trx) => {
        // Locked, so two edits at once each see the other's files and remove exactly the ones replaced.
        const before = await ShowcaseTrack.query(trx).findById(id).forUpdate();
        if (!before) throw new NotFound('Showcase track not found');
        const after = await ShowcaseTrack.query(trx).patchAndFetchById(id, { ...toColumns(update), ...urls });
        return { record: after.toApi(), replaced: replacedUrls(before, after, URL_COLUMNS) };
      }),
    logger,
  );
}

/** Deletes a showcase track and then its stored files. */
export async function deleteShowcaseTrack({ knex, storage, logger }: ContentDeps, id: string): Promise<void> {
  const [deleted] = await ShowcaseTrack.query(knex).where('id', id).delete().returning('*');
  if (!deleted) throw new NotFound('Showcase track not found');
  await removeMedia(
    storage,
    URL_COLUMNS.map((c) => deleted[c]),
    logger,
  );
}
