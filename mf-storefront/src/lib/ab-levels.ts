// The order page's A/B player levels, kept free of audio elements so the rule is tested on its own.
// A louder mix always sounds "better", so a fair comparison plays both at the same loudness, from the
// integrated LUFS the analysis measured. An audio element can only turn a file down (volume 0..1), so
// the louder one is turned down to the quieter one.
import { STREAMING_REFERENCES } from '@mastering/contracts';

/** How the two are leveled: matched to each other, or each as Spotify plays it (normalised to -14 LUFS). */
export type AbLevelMode = 'matched' | 'spotify';

/** Spotify's default playback loudness (its row of the contracts' platform table). */
export const SPOTIFY_LUFS = STREAMING_REFERENCES.find((p) => p.platform === 'Spotify')!.targetLufs;

/** The linear gain that moves `lufs` to `target`, at most 1 (an element cannot turn up). */
const gainTo = (lufs: number, target: number) => Math.min(1, 10 ** ((target - lufs) / 20));

/**
 * The volume of the original and of the master. Matched: the louder turned down to the quieter. As
 * Spotify plays it: each turned down to -14 LUFS when louder (a quieter track plays as it is, as Spotify
 * does without headroom to turn it up). An unmeasured side plays at full volume.
 */
export function abVolumes(
  originalLufs: number | null,
  masterLufs: number | null,
  mode: AbLevelMode,
): { original: number; master: number } {
  if (mode === 'spotify')
    return {
      original: originalLufs === null ? 1 : gainTo(originalLufs, SPOTIFY_LUFS),
      master: masterLufs === null ? 1 : gainTo(masterLufs, SPOTIFY_LUFS),
    };
  if (originalLufs === null || masterLufs === null) return { original: 1, master: 1 };
  const target = Math.min(originalLufs, masterLufs);
  return { original: gainTo(originalLufs, target), master: gainTo(masterLufs, target) };
}
