import type { Genre, ShowcaseTrack } from '@mastering/contracts';

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
 * A tiny silent WAV (8 kHz, 8-bit mono, 0.25 s) as a data URI: the placeholder for a missing version
 * and the demo tracks' audio. Built in code so the remote ships no binary asset for it.
 */
export const SILENT_AUDIO_URL: string = (() => {
  const samples = 2000;
  const bytes = new Uint8Array(44 + samples);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) =>
    [...text].forEach((c, i) => {
      view.setUint8(at + i, c.charCodeAt(0));
    });
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  ascii(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, 8000, true);
  view.setUint32(28, 8000, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  ascii(36, 'data');
  view.setUint32(40, samples, true);
  bytes.fill(128, 44); // 8-bit PCM silence is the midpoint
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return `data:audio/wav;base64,${btoa(binary)}`;
})();

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
