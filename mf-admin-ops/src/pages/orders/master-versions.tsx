import {
  formatLevel,
  formatOrderDate,
  MASTER_MEASUREMENT_TEXTS,
  truePeakTooHigh,
  type StaffMasterVersion,
} from '@mastering/contracts';
import { cn } from '@mastering/ui';

/**
 * One file's master versions in the order dialog, v1 first: each with its own integrated loudness and
 * true peak (a peak over the streaming limit stands out), or why it has none yet.
 */
export function MasterVersions({ versions }: { versions: readonly StaffMasterVersion[] }) {
  if (versions.length === 0) return null;
  return (
    <ul className="w-full space-y-0.5 pl-7 text-xs" data-testid="order-master-versions">
      {versions.map((v) => (
        <li key={v.version} className="flex flex-wrap gap-x-2" data-testid="order-master-version">
          <span className="font-medium">Master v{v.version}</span>
          <span className="text-muted-foreground">{formatOrderDate(v.createdAt)}</span>
          {v.measurement === 'measured' ? (
            <span className="tabular-nums" data-testid="order-master-loudness">
              {formatLevel(v.integratedLufs, 'LUFS')} ·{' '}
              <span className={cn(truePeakTooHigh(v.truePeakDbtp) && 'font-semibold text-warning')}>
                {formatLevel(v.truePeakDbtp, 'dBTP')} true peak
              </span>
            </span>
          ) : (
            <span className="text-muted-foreground" data-testid="order-master-loudness">
              {MASTER_MEASUREMENT_TEXTS[v.measurement]}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
