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
  declare displayOrder: number;
  declare avatarUrl: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
