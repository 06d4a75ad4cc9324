import type { PublicTestimonial, Testimonial as TestimonialShape } from '@mastering/contracts';
import { BaseModel, displayOrderModifiers } from './base';

/** What an artist said about the service, shown on the home page when active. */
export class Testimonial extends BaseModel {
  static tableName = 'testimonials';
  static modifiers = displayOrderModifiers('testimonials');

  declare id: string;
  declare name: string;
  declare role: string;
  declare company: string | null;
  declare email: string | null;
  declare content: string;
  /** 1 to 5 stars. */
  declare rating: number;
  /** Optional badge text, e.g. "+40% streams". */
  declare results: string | null;
  declare isActive: boolean;
  declare isVerified: boolean;
  /** Invented by the embedded default's seed (demo content), never said by a real artist. */
  declare isDemo: boolean;
  declare displayOrder: number;
  declare avatarUrl: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;

  /** The admin's API shape of a testimonial: flags as the spec's text, times as ISO strings. */
  toApi(): TestimonialShape {
    return {
      id: this.id,
      name: this.name,
      role: this.role,
      company: this.company ?? null,
      email: this.email ?? null,
      content: this.content,
      rating: this.rating,
      results: this.results ?? null,
      avatarUrl: this.avatarUrl ?? null,
      isActive: this.isActive ? 'true' : 'false',
      isVerified: this.isVerified ? 'true' : 'false',
      displayOrder: this.displayOrder,
      createdAt: new Date(this.createdAt).toISOString(),
      isDemo: Boolean(this.isDemo),
    };
  }

  /** The public API shape (GET /api/testimonials): the admin shape without the author's private email or the back-office's demo flag. */
  toPublicApi(): PublicTestimonial {
    const { email: _private, isDemo: _staffOnly, ...shown } = this.toApi();
    return shown;
  }
}
