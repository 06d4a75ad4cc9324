import { cn } from '@mastering/ui';

export interface WaveformProps {
  /** Peak values in [0, 1] from start to end (the analysis's `waveform`). */
  peaks: readonly number[];
  /** What the waveform shows, for screen readers, e.g. "Waveform of the original". */
  label: string;
  className?: string;
}

/**
 * A file's waveform as mirrored peak bars, drawn in the current text colour (set it with a `text-*`
 * class). It stretches to its container's width; the height comes from `className` (default h-16).
 */
export function Waveform({ peaks, label, className }: WaveformProps) {
  const count = Math.max(peaks.length, 1);
  return (
    <svg
      role="img"
      aria-label={label}
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
        return <rect key={i} x={i + 0.1} width={0.8} y={50 - half} height={half * 2} fill="currentColor" />;
      })}
    </svg>
  );
}
