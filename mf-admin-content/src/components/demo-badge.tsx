import { DEMO_CONTENT_TEXTS } from '@mastering/contracts';
import { Badge } from '@mastering/ui';
import { FlaskConical } from 'lucide-react';

/** Marks a showcase track or testimonial the embedded default's seed invented (issue 50 Deliver 7); nothing for real content. */
export function DemoBadge({ demo, testId }: { demo: boolean; testId: string }) {
  if (!demo) return null;
  return (
    <Badge variant="warning" title={DEMO_CONTENT_TEXTS.hint} data-testid={testId}>
      <FlaskConical aria-hidden />
      {DEMO_CONTENT_TEXTS.badge}
      <span className="sr-only">: {DEMO_CONTENT_TEXTS.hint}</span>
    </Badge>
  );
}
