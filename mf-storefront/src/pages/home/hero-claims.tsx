import { useClaims } from '../../api/claims';

/**
 * The marketing claims under the hero ("120+ tracks mastered"): only those the server computed from
 * delivered orders and found above the thresholds in Settings; nothing at all while there are none.
 */
export function HeroClaims() {
  const claims = useClaims().data?.claims ?? [];
  if (claims.length === 0) return null;
  return (
    <dl className="mt-2 flex flex-wrap justify-center gap-x-10 gap-y-3" data-testid="hero-claims">
      {claims.map((claim) => (
        <div key={claim.key} className="flex flex-col-reverse items-center" data-testid={`claim-${claim.key}`}>
          <dt className="text-sm text-muted-foreground">{claim.label}</dt>
          <dd className="text-2xl font-bold tabular-nums">{claim.figure}</dd>
        </div>
      ))}
    </dl>
  );
}
