import type { Genre, ShowcaseTrack as ShowcaseTrackShape } from '@mastering/contracts';
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
  /** Invented by the embedded default's seed (demo content): no real customer's track. */
  declare isDemo: boolean;
  declare displayOrder: number;
  declare createdAt: Date;
  declare updatedAt: Date;

  /** The API shape of a showcase track (public and admin alike): isActive as the spec's text, times as ISO strings. */
  toApi(): ShowcaseTrackShape {
    return {
      id: this.id,
      title: this.title,
      artist: this.artist,
      genre: this.genre,
      beforeDescription: this.beforeDescription,
      afterDescription: this.afterDescription,
      artworkUrl: this.artworkUrl ?? null,
      originalAudioUrl: this.originalAudioUrl ?? null,
      masteredAudioUrl: this.masteredAudioUrl ?? null,
      isActive: this.isActive ? 'true' : 'false',
      displayOrder: this.displayOrder,
      createdAt: new Date(this.createdAt).toISOString(),
      isDemo: Boolean(this.isDemo),
    };
  }
}
