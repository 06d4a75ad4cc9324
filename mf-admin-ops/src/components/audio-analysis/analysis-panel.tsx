import {
  describeAudioFormat,
  formatDuration,
  formatLevel,
  loudnessInPlainWords,
  TRUE_PEAK_LIMIT_DBTP,
  truePeakTooHigh,
  type AnalysisRole,
  type AnalysisSummary,
  type AudioFileAnalysis,
  type FileAnalysis,
} from '@mastering/contracts';
import { Badge, cn, failedLoad, LoadError, Skeleton, Waveform, type WaveformMarker } from '@mastering/ui';
import { AlertTriangle, ArrowRight } from 'lucide-react';
import { useAudioFileAnalysis } from '../../api/analysis';
import { NarrowBreak } from '../data-table';

const TITLES: Record<AnalysisRole, string> = { original: 'Original', master: 'Master' };

/** The figures of one analysed file, in the order an engineer reads them. */
function Figures({ analysis, role }: { analysis: FileAnalysis; role: AnalysisRole }) {
  const peakTooHigh = role === 'master' && truePeakTooHigh(analysis.truePeakDbtp);
  const rows: { label: string; value: string; testId: string; flagged?: boolean }[] = [
    { label: 'Loudness', value: formatLevel(analysis.integratedLufs, 'LUFS'), testId: 'lufs' },
    {
      label: 'True peak',
      value: formatLevel(analysis.truePeakDbtp, 'dBTP'),
      testId: 'true-peak',
      flagged: peakTooHigh,
    },
    { label: 'Loudness range', value: formatLevel(analysis.loudnessRangeLu, 'LU'), testId: 'lra' },
    { label: 'Sample peak', value: formatLevel(analysis.samplePeakDbfs, 'dBFS'), testId: 'sample-peak' },
    {
      label: 'Duration',
      value: analysis.durationSeconds == null ? '–' : formatDuration(analysis.durationSeconds),
      testId: 'duration',
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
      {rows.map(({ label, value, testId, flagged }) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd
            data-testid={`analysis-${role}-${testId}`}
            className={cn(
              'w-fit font-semibold tabular-nums',
              flagged && 'rounded bg-destructive px-1.5 text-destructive-foreground',
            )}
          >
            {value}
          </dd>
        </div>
      ))}
      <div className="col-span-2 min-w-0">
        <dt className="text-xs text-muted-foreground">Format</dt>
        <dd data-testid={`analysis-${role}-format`} className="font-medium">
          {describeAudioFormat(analysis)}
        </dd>
      </div>
    </dl>
  );
}

/** One side of the comparison: the file's status, its figures and waveform, or why there are none. */
function Side({
  role,
  analysis,
  emptyText,
  markers,
}: {
  role: AnalysisRole;
  analysis: FileAnalysis | null;
  emptyText: string;
  markers: readonly WaveformMarker[];
}) {
  const peakTooHigh = role === 'master' && truePeakTooHigh(analysis?.truePeakDbtp);
  return (
    <section
      data-testid={`analysis-${role}`}
      aria-label={TITLES[role]}
      className="min-w-0 space-y-3 rounded-lg border border-border p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold">{TITLES[role]}</h4>
        {analysis?.status === 'ok' && !peakTooHigh && <Badge variant="secondary">Measured</Badge>}
        {analysis?.status === 'error' && (
          <Badge variant="destructive">{role === 'original' ? 'Needs replacing' : 'Unusable'}</Badge>
        )}
        {peakTooHigh && (
          <Badge variant="destructive" data-testid="analysis-true-peak-flag">
            <AlertTriangle aria-hidden />
            True peak above {TRUE_PEAK_LIMIT_DBTP.toFixed(1)} dBTP
          </Badge>
        )}
      </div>
      {!analysis && <p className="text-sm text-muted-foreground">{emptyText}</p>}
      {analysis?.status === 'error' && (
        <p
          role="alert"
          data-testid={`analysis-${role}-error`}
          className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm"
        >
          {analysis.errorReason}
        </p>
      )}
      {analysis && analysis.waveform.length > 0 && (
        <Waveform
          peaks={analysis.waveform}
          label={`Waveform of the ${role}`}
          durationSeconds={analysis.durationSeconds}
          markers={markers}
          className={cn(role === 'master' ? 'text-primary' : 'text-muted-foreground', 'rounded-md bg-muted/40')}
        />
      )}
      {analysis?.status === 'ok' && <Figures analysis={analysis} role={role} />}
      {role === 'master' && analysis?.status === 'ok' && analysis.integratedLufs != null && (
        <p className="text-xs text-muted-foreground" data-testid="analysis-plain-words">
          {loudnessInPlainWords(analysis.integratedLufs)}
        </p>
      )}
    </section>
  );
}

/**
 * An audio file's measured original and master side by side (loudness, true peak, loudness range,
 * duration, format, waveform), with the gain the mastering added; a master whose true peak is above
 * -1 dBTP and a file that cannot be used are flagged. `markers` are the customer's pinned revision notes,
 * marked on both waveforms.
 */
export function AnalysisPanel({
  analysis,
  className,
  markers = [],
}: {
  analysis: AudioFileAnalysis;
  className?: string;
  markers?: readonly WaveformMarker[];
}) {
  return (
    <div data-testid="analysis-panel" className={cn('space-y-3', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Audio analysis</h3>
        {analysis.gainChangeDb != null && (
          <Badge variant="outline" data-testid="analysis-gain-change">
            Original <ArrowRight aria-hidden /> master: {formatLevel(analysis.gainChangeDb, 'dB')}
          </Badge>
        )}
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <Side
          role="original"
          analysis={analysis.original}
          emptyText="Not analysed yet: measuring takes a few seconds after the upload."
          markers={markers}
        />
        <Side
          role="master"
          analysis={analysis.master}
          emptyText="No master yet: it is measured once it is uploaded."
          markers={markers}
        />
      </div>
    </div>
  );
}

/** The analysis panel of one audio file, loaded from the API (what the audio-file detail shows), with `markers` on its waveforms. */
export function AudioFileAnalysisPanel({
  fileId,
  className,
  markers,
}: {
  fileId: string;
  className?: string;
  markers?: readonly WaveformMarker[];
}) {
  const analysis = useAudioFileAnalysis(fileId);
  const failed = failedLoad(analysis, 'the audio analysis');
  if (failed) return <LoadError {...failed} className={className} />;
  const { data } = analysis;
  if (!data) return <Skeleton className={cn('h-48 w-full', className)} />;
  return <AnalysisPanel analysis={data} className={className} markers={markers} />;
}

/** A list row's measured loudness: original LUFS and true peak (→ master LUFS), or why it is pending or unusable. */
export function AnalysisCell({ summary }: { summary: AnalysisSummary | undefined }) {
  if (!summary || summary.status === 'pending') return <span className="text-muted-foreground">Measuring…</span>;
  if (summary.status === 'error') {
    return (
      <Badge variant="destructive" title={summary.errorReason ?? undefined}>
        Unusable
      </Badge>
    );
  }
  return (
    // Short lines (original, then master; the original's loudness and true peak apart where the table
    // is narrow) keep the files table within a laptop's width.
    <span className="flex flex-col tabular-nums" data-testid="file-lufs">
      <span className="whitespace-nowrap">
        <NarrowBreak first={formatLevel(summary.lufs, 'LUFS')} second={formatLevel(summary.truePeakDbtp, 'dBTP')} />
      </span>
      {summary.masterLufs !== null && (
        <span className="whitespace-nowrap text-muted-foreground">
          → {formatLevel(summary.masterLufs, 'LUFS')}
          {summary.masterTruePeakTooHigh && (
            <AlertTriangle
              className="ml-1 inline size-4 text-destructive"
              aria-label="Master's true peak above -1 dBTP"
            />
          )}
        </span>
      )}
    </span>
  );
}
