import { ShowcaseTrack, ShowcaseTrackList } from '@mastering/contracts';
import { contentResource } from './resource';

/** Showcase tracks in the admin: list (hidden ones too), create, update, delete. */
export const showcaseTracks = contentResource({
  adminUrl: '/api/admin/showcase-tracks',
  publicUrl: '/api/showcase-tracks',
  item: ShowcaseTrack,
  list: ShowcaseTrackList,
});
