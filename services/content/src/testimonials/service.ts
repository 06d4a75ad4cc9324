import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  AVATAR_SIZE_PX,
  TESTIMONIAL_MEDIA_FIELDS,
  type PublicTestimonial,
  type Testimonial as TestimonialShape,
  type TestimonialForm,
  type TestimonialMediaField,
  type TestimonialUpdate,
} from '@mastering/contracts';
import { Testimonial } from '@mastering/db';
import { NotFound } from '@mastering/service-kit';
import type { UploadedFile } from '../media/form';
import { removeMedia, replacedUrls, saveWithMedia, type MediaColumn } from '../media/store';
import type { ContentDeps } from '../deps';

/** The testimonial form's one upload field and the column that keeps its URL. */
const MEDIA: Record<TestimonialMediaField, MediaColumn<'avatarUrl'>> = {
  avatar: { ...TESTIMONIAL_MEDIA_FIELDS.avatar, column: 'avatarUrl', sizePx: AVATAR_SIZE_PX },
};
const URL_COLUMNS = ['avatarUrl'] as const;
type TestimonialFiles = Partial<Record<TestimonialMediaField, UploadedFile>>;

/** Active testimonials in display order, for the home page (public shape: no author email). */
export async function listActiveTestimonials(knex: Knex): Promise<PublicTestimonial[]> {
  const testimonials = await Testimonial.query(knex).modify(['active', 'inDisplayOrder']);
  return testimonials.map((testimonial) => testimonial.toPublicApi());
}

/** Every testimonial, hidden ones included, in display order, with the author's email (the admin's list). */
export async function listAllTestimonials(knex: Knex): Promise<TestimonialShape[]> {
  const testimonials = await Testimonial.query(knex).modify('inDisplayOrder');
  return testimonials.map((testimonial) => testimonial.toApi());
}

// The form's text flags as the table's booleans; fields left out stay left out.
const toColumns = ({ isActive, isVerified, ...rest }: TestimonialUpdate) => ({
  ...rest,
  ...(isActive === undefined ? {} : { isActive: isActive === 'true' }),
  ...(isVerified === undefined ? {} : { isVerified: isVerified === 'true' }),
});

/** Adds a testimonial with its optional avatar; answers the stored testimonial. */
export async function createTestimonial(
  { knex, storage, logger }: ContentDeps,
  form: TestimonialForm,
  files: TestimonialFiles,
) {
  const id = randomUUID();
  return saveWithMedia(
    storage,
    files,
    MEDIA,
    `testimonials/${id}`,
    async (urls) => {
      const testimonial = await Testimonial.query(knex).insertAndFetch({ id, ...toColumns(form), ...urls });
      return { record: testimonial.toApi(), replaced: [] };
    },
    logger,
  );
}

/** Changes a testimonial: the fields given, and a new avatar replaces the old one (whose file is removed). */
export async function updateTestimonial(
  { knex, storage, logger }: ContentDeps,
  id: string,
  update: TestimonialUpdate,
  files: TestimonialFiles,
) {
  if (!(await Testimonial.query(knex).findById(id))) throw new NotFound('Testimonial not found');
  return saveWithMedia(
    storage,
    files,
    MEDIA,
    `testimonials/${id}`,
    (urls) =>
      knex.transaction(async (trx) => {
        // Locked, so two edits at once each see the other's avatar and remove exactly the one replaced.
        const before = await Testimonial.query(trx).findById(id).forUpdate();
        if (!before) throw new NotFound('Testimonial not found');
        const after = await Testimonial.query(trx).patchAndFetchById(id, { ...toColumns(update), ...urls });
        return { record: after.toApi(), replaced: replacedUrls(before, after, URL_COLUMNS) };
      }),
    logger,
  );
}

/** Deletes a testimonial and then its avatar file. */
export async function deleteTestimonial({ knex, storage, logger }: ContentDeps, id: string): Promise<void> {
  const [deleted] = await Testimonial.query(knex).where('id', id).delete().returning('*');
  if (!deleted) throw new NotFound('Testimonial not found');
  await removeMedia(storage, [deleted.avatarUrl], logger);
}
