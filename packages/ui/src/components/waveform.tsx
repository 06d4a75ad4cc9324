import { formatTrackTime } from '@mastering/contracts';
import { cn } from '../lib/cn';

/** A time of the track marked on the waveform: a revision note pinned there. */
export type WaveformMarker = { seconds: number; label: string };

export interface WaveformProps {
  /** Peak values in [0, 1] from start to end (the analysis's `waveform`). */
  peaks: readonly number[];
  /** What the waveform shows, for screen readers, e.g. "Waveform of the original". */
  label: string;
  /** The track's length in seconds: places the markers (none are drawn without it). */
  durationSeconds?: number | null;
  /** Times to mark, each a line with its label (a pinned revision note). */
  markers?: readonly WaveformMarker[];
  /** How much has played, 0 to 1: the part before it is drawn stronger. */
  progress?: number;
  className?: string;
}

/**
 * A file's waveform as mirrored peak bars, drawn in the current text colour (set it with a `text-*`
 * class), with the pinned revision notes as marked times: the customer's order page and the engineer's
 * Audio Files show the same marks. It stretches to its container's width; the height comes from
 * `className` (default h-16). The markers are also listed for screen readers.
 */
export function Waveform({ peaks, label, durationSeconds, markers = [], progress, className }: WaveformProps) {
  const count = Math.max(peaks.length, 1);
  const placed = durationSeconds
    ? markers
        .filter((m) => m.seconds >= 0 && m.seconds <= durationSeconds)
        .map((m) => ({
          ...m,
          x: (m.seconds / durationSeconds) * count,
        }))
    : [];
  const played = progress === undefined ? count : Math.max(0, Math.min(1, progress)) * count;
  const described =
    placed.length > 0 ? `${label}, notes at ${placed.map((m) => formatTrackTime(m.seconds)).join(', ')}` : label;
  return (
    <svg
      role="img"
      aria-label={described}
      data-slot="waveform"
      viewBox={`0 0 ${count} 100`}
      preserveAspectRatio="none"
      className={cn('block h-16 w-full', className)}
    >
      <line
        x1={0}
        x2={count}
        y1={50}
        y2={50}
        stroke="currentColor"
        strokeOpacity={0.35}
        strokeWidth={0.5}
        vectorEffect="non-scaling-stroke"
      />
      {peaks.map((peak, i) => {
        // At least a hairline, so quiet passages still read as sound rather than a gap.
        const half = Math.max(peak * 48, 0.75);
        return (
          <rect
            key={i}
            x={i + 0.1}
            width={0.8}
            y={50 - half}
            height={half * 2}
            fill="currentColor"
            fillOpacity={i < played ? 1 : 0.45}
          />
        );
      })}
      {placed.map((m, i) => (
        <g key={`${m.seconds}-${i}`} data-testid="waveform-marker" data-seconds={m.seconds}>
          <title>{`${formatTrackTime(m.seconds)}: ${m.label}`}</title>
          <line
            x1={m.x}
            x2={m.x}
            y1={0}
            y2={100}
            className="text-warning"
            stroke="currentColor"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
          />
        </g>
      ))}
    </svg>
  );
}
