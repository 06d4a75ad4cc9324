import type { Genre } from '@mastering/contracts';
import { BaseModel, displayOrderModifiers } from './base';

/** A before/after example on the home page: the original and the mastered audio of one track. */
export class ShowcaseTrack extends BaseModel {
  static tableName = 'showcase_tracks';
  static modifiers = displayOrderModifiers('showcase_tracks');

  declare id: string;
  declare title: string;
  declare artist: string;
  declare genre: Genre;
  declare beforeDescription: string;
  declare afterDescription: string;
  declare artworkUrl: string | null;
  declare originalAudioUrl: string | null;
  declare masteredAudioUrl: string | null;
  declare isActive: boolean;
  declare displayOrder: number;
  declare createdAt: Date;
  declare updatedAt: Date;
}
