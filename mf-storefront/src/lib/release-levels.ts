// Loudness matching of the release player's three sides of a track (original, master, reference): the
// reference is a record the customer sent, never measured by the studio, so all three are levelled the
// same way from their decoded samples: each is turned down to the quietest one's RMS level, so switching
// compares sound, not loudness.

/** The RMS level in dBFS of decoded channels (all channels together); null for silence or no samples. */
export function rmsDb(channels: readonly Float32Array[]): number | null {
  let sum = 0;
  let count = 0;
  for (const samples of channels) {
    for (let i = 0; i < samples.length; i++) sum += samples[i]! * samples[i]!;
    count += samples.length;
  }
  return count > 0 && sum > 0 ? 10 * Math.log10(sum / count) : null;
}

/** The gain (0-1) of each side that brings it down to the quietest measured one; an unmeasured side plays at 1. */
export function matchedGains<K extends string>(levels: Record<K, number | null>): Record<K, number> {
  const measured = Object.values<number | null>(levels).filter((l): l is number => l !== null);
  const quietest = Math.min(...measured);
  return Object.fromEntries(
    Object.entries<number | null>(levels).map(([side, level]) => [
      side,
      level === null ? 1 : 10 ** ((quietest - level) / 20),
    ]),
  ) as Record<K, number>;
}
