import { z } from 'zod';
import { blankKeeps, TextBoolean, TextBooleanInput, updateOf } from './common';
import { DisplayOrderInput, type MediaField } from './showcase';
import { CONTENT_REQUIRED_TESTIMONIAL, INVALID_EMAIL, NAME_REQUIRED, RATING_RANGE, ROLE_REQUIRED } from './messages';

// Testimonials: isActive and isVerified are the text 'true' / 'false'; forms arrive as multipart text.

/** A testimonial with every field, as staff see it in the admin (the author's email included). */
export const Testimonial = z.object({
  id: z.uuid(),
  name: z.string(),
  role: z.string(),
  company: z.string().nullable(),
  email: z.string().nullable(),
  content: z.string(),
  rating: z.number().int().min(1).max(5),
  results: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isActive: TextBoolean,
  isVerified: TextBoolean,
  displayOrder: z.number().int(),
  createdAt: z.string(),
  /** Demo content the embedded default seeded (issue 50 Deliver 7): the back-office marks it. */
  isDemo: z.boolean(),
});
export type Testimonial = z.infer<typeof Testimonial>;
export const TestimonialList = z.array(Testimonial);

/** A testimonial as the public home page gets it: the private author email and the demo flag left out. GET /api/testimonials answers a plain array. */
export const PublicTestimonial = Testimonial.omit({ email: true, isDemo: true });
export type PublicTestimonial = z.infer<typeof PublicTestimonial>;
export const PublicTestimonialList = z.array(PublicTestimonial);

// Optional fields: a blank value means "none" (null), so an edit can clear them; left out stays left out.
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = z.preprocess(blankToNull, z.string().trim().max(500).nullable()).optional();

/** POST /api/admin/testimonials (multipart text fields; the avatar travels beside them). */
export const TestimonialForm = z.object({
  name: z.string().trim().min(1, NAME_REQUIRED).max(200),
  role: z.string().trim().min(1, ROLE_REQUIRED).max(200),
  company: optionalText,
  email: z.preprocess(blankToNull, z.string().trim().pipe(z.email(INVALID_EMAIL)).nullable()).optional(),
  content: z.string().trim().min(1, CONTENT_REQUIRED_TESTIMONIAL).max(5000),
  rating: z.coerce.number().int().min(1, RATING_RANGE).max(5, RATING_RANGE).default(5),
  results: optionalText,
  isActive: TextBooleanInput.default('true'),
  isVerified: TextBooleanInput.default('false'),
  displayOrder: DisplayOrderInput.default(0),
});
export type TestimonialForm = z.infer<typeof TestimonialForm>;
/** PUT /api/admin/testimonials/:id: every field optional; a blank required field keeps its value, a blank optional one clears it. */
export const TestimonialUpdate = blankKeeps(updateOf(TestimonialForm), [
  'name',
  'role',
  'content',
  'rating',
  'isActive',
  'isVerified',
  'displayOrder',
]);
export type TestimonialUpdate = z.infer<typeof TestimonialUpdate>;

/** The testimonial form's one file: the author's picture. */
export const TESTIMONIAL_MEDIA_FIELDS = {
  avatar: { label: 'Avatar', kind: 'image', maxMb: 5 },
} as const satisfies Record<string, MediaField>;
export type TestimonialMediaField = keyof typeof TESTIMONIAL_MEDIA_FIELDS;

/** Avatars are stored as a square of this many pixels: the home page's 40 px circle at 3x. */
export const AVATAR_SIZE_PX = 120;

/** After a 401/403 from the content admin's calls, the login redirect waits this long (back-office spec §9: 1.5 s). */
export const LOGIN_REDIRECT_DELAY_MS = 1500;
/** Where that redirect goes: the site's login page. */
export const LOGIN_PATH = '/login';
