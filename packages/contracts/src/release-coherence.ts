import { z } from 'zod';

// The coherence table of a release (issue 55, the engineer's view): each master's loudness and
// spectral balance beside the anchor's, so the record sits together. A track whose integrated loudness
// strays from the anchor's by more than the Settings tolerance is flagged.

/** Band energies of a master in dB relative to its whole signal: low (<250 Hz), mid, high (>4 kHz). */
export const SpectralBalance = z.object({ lowDb: z.number(), midDb: z.number(), highDb: z.number() });
export type SpectralBalance = z.infer<typeof SpectralBalance>;

/** What is measured on one master for the table. */
export const CoherenceMeasure = z.object({
  integratedLufs: z.number(),
  /** The loudness of its loud sections: the highest short-term (3 s) loudness. */
  shortTermMaxLufs: z.number(),
  loudnessRangeLu: z.number(),
  balance: SpectralBalance,
});
export type CoherenceMeasure = z.infer<typeof CoherenceMeasure>;

/** One row of the table: a track in running order, its master's measures and how far they are from the anchor's. */
export const CoherenceRow = z.object({
  number: z.number().int().positive(),
  fileId: z.uuid(),
  originalName: z.string(),
  anchor: z.boolean(),
  /** Null until the track has a master (or its master could not be measured). */
  measure: CoherenceMeasure.nullable(),
  /** Integrated loudness minus the anchor's (LU), when both are measured. */
  integratedDeltaLu: z.number().nullable(),
  shortTermMaxDeltaLu: z.number().nullable(),
  /** True when |integratedDeltaLu| is over the tolerance. */
  flagged: z.boolean(),
});
export type CoherenceRow = z.infer<typeof CoherenceRow>;

/** GET /api/admin/orders/:id/release/coherence answer. */
export const CoherenceTable = z.object({ toleranceLu: z.number(), rows: z.array(CoherenceRow) });
export type CoherenceTable = z.infer<typeof CoherenceTable>;

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The table for tracks in running order, each with its master's measure (or null): deltas to the anchor
 * rounded to 0.1 LU, and a flag on every track straying more than `toleranceLu` from it. The comparison
 * is on the unrounded values, so 1.04 LU is within a 1 LU tolerance and 1.06 is not.
 */
export function coherenceTable(
  tracks: readonly {
    number: number;
    fileId: string;
    originalName: string;
    anchor: boolean;
    measure: CoherenceMeasure | null;
  }[],
  toleranceLu: number,
): CoherenceTable {
  const anchor = tracks.find((t) => t.anchor)?.measure ?? null;
  const rows = tracks.map((track) => {
    const m = track.measure;
    const delta = m && anchor ? m.integratedLufs - anchor.integratedLufs : null;
    return {
      ...track,
      integratedDeltaLu: delta === null ? null : round1(delta),
      shortTermMaxDeltaLu: m && anchor ? round1(m.shortTermMaxLufs - anchor.shortTermMaxLufs) : null,
      flagged: delta !== null && Math.abs(delta) > toleranceLu + 1e-9,
    };
  });
  return { toleranceLu, rows };
}
