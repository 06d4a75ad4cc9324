import { z } from 'zod';
import { TextBoolean, TextBooleanInput } from './common';
import { DisplayOrderInput } from './showcase';
import { CONTENT_REQUIRED_TESTIMONIAL, NAME_REQUIRED, ROLE_REQUIRED } from './messages';

/** A testimonial as served. GET /api/testimonials answers a plain array. */
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
});
export type Testimonial = z.infer<typeof Testimonial>;
export const TestimonialList = z.array(Testimonial);

const optionalText = z.string().trim().max(500).optional().transform((v) => (v ? v : undefined));

/** POST /api/admin/testimonials (multipart text fields; the avatar travels beside them). */
export const TestimonialForm = z.object({
  name: z.string().trim().min(1, NAME_REQUIRED).max(200),
  role: z.string().trim().min(1, ROLE_REQUIRED).max(200),
  company: optionalText,
  email: z.union([z.literal(''), z.email('Invalid email address')]).optional().transform((v) => (v ? v : undefined)),
  content: z.string().trim().min(1, CONTENT_REQUIRED_TESTIMONIAL).max(5000),
  rating: z.coerce.number().int().min(1, 'Rating must be 1 to 5').max(5, 'Rating must be 1 to 5').default(5),
  results: optionalText,
  isActive: TextBooleanInput.default('true'),
  isVerified: TextBooleanInput.default('false'),
  displayOrder: DisplayOrderInput.default(0),
});
export type TestimonialForm = z.infer<typeof TestimonialForm>;
export const TestimonialUpdate = TestimonialForm.partial();
export type TestimonialUpdate = z.infer<typeof TestimonialUpdate>;
