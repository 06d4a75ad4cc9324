import type { MixCheckReport, MixSeverity } from '@mastering/contracts';
import { MIX_CHECK_TITLES } from '@mastering/contracts';
import { Badge } from './badge';

const SEVERITY: Record<MixSeverity, { label: string; variant: 'success' | 'secondary' | 'warning' | 'destructive' }> = {
  ok: { label: 'Good', variant: 'success' },
  info: { label: 'Note', variant: 'secondary' },
  warning: { label: 'Check', variant: 'warning' },
  problem: { label: 'Fix', variant: 'destructive' },
};

/**
 * A mix check's findings, worst first: each check's title, its severity and its one sentence of
 * advice. The one rendering of the report, on the upload page and in the back-office alike.
 */
export function MixCheckFindings({ report }: { report: MixCheckReport }) {
  const order = ['problem', 'warning', 'info', 'ok'];
  const findings = [...report.findings].sort((a, b) => order.indexOf(a.severity) - order.indexOf(b.severity));
  return (
    <ul className="space-y-1.5 text-sm" data-testid="mix-check-findings">
      {findings.map((finding) => (
        <li
          key={finding.check}
          className="flex items-start gap-2"
          data-testid="mix-check-finding"
          data-check={finding.check}
          data-severity={finding.severity}
        >
          <Badge variant={SEVERITY[finding.severity].variant} className="mt-0.5 shrink-0">
            {SEVERITY[finding.severity].label}
          </Badge>
          <span>
            <span className="font-medium">{MIX_CHECK_TITLES[finding.check]}: </span>
            {finding.advice}
          </span>
        </li>
      ))}
    </ul>
  );
}
