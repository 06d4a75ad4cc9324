import { PLACEHOLDER_AUDIO_URL, type Genre, type ShowcaseTrack } from '@mastering/contracts';

/** A track as the examples player uses it (spec §3): URLs always present, placeholders filled in. */
export interface PlayerTrack {
  id: string;
  title: string;
  artist: string;
  genre: string;
  artworkUrl: string | null;
  originalUrl: string;
  masteredUrl: string;
}

/**
 * The placeholder for a missing version and the demo tracks' audio: a tiny silent WAV served by the
 * shell under /audio (a data: URI would be refused by the site's media-src policy).
 */
export const SILENT_AUDIO_URL: string = PLACEHOLDER_AUDIO_URL;

// Cover art for the demo tracks: a gradient per genre, inline so nothing extra is fetched.
const cover = (from: string, to: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/></svg>`,
  )}`;

const demo = (id: string, title: string, artist: string, genre: Genre, from: string, to: string): PlayerTrack => ({
  id: `demo-${id}`,
  title,
  artist,
  genre,
  artworkUrl: cover(from, to),
  originalUrl: SILENT_AUDIO_URL,
  masteredUrl: SILENT_AUDIO_URL,
});

/** The four client-side demo tracks used when the server has none (spec §3). */
export const DEMO_TRACKS: readonly PlayerTrack[] = [
  demo('electronic', 'Midnight Drive', 'Neon Pulse', 'Electronic', '#7c3aed', '#06b6d4'),
  demo('rock', 'Highveld Thunder', 'The Jacarandas', 'Rock', '#b91c1c', '#f59e0b'),
  demo('jazz', 'Blue Hour in Maboneng', 'Thandi Quartet', 'Jazz', '#1e3a8a', '#0ea5e9'),
  demo('pop', 'Golden Summer', 'Lerato', 'Pop', '#db2777', '#f97316'),
];

/** The player's tracks from the server's list: placeholders for missing versions, demo tracks when it is empty. */
export function playerTracks(tracks: readonly ShowcaseTrack[]): readonly PlayerTrack[] {
  if (tracks.length === 0) return DEMO_TRACKS;
  return tracks.map((track) => ({
    id: track.id,
    title: track.title,
    artist: track.artist,
    genre: track.genre,
    artworkUrl: track.artworkUrl,
    originalUrl: track.originalAudioUrl || SILENT_AUDIO_URL,
    masteredUrl: track.masteredAudioUrl || SILENT_AUDIO_URL,
  }));
}
