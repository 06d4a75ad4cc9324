import { timeLeftText, type Deadline } from '@mastering/contracts';
import { Badge } from '@mastering/ui';
import { AlarmClock, Clock, TriangleAlert } from 'lucide-react';

/** The time left until an order is due (promiseOf): plain when on track, amber within 12 hours, red when overdue. */
export function DeadlineBadge({ dueAt, deadline }: { dueAt: string | null; deadline: Deadline | null }) {
  if (!dueAt || !deadline) return <span className="text-muted-foreground">-</span>;
  const text = timeLeftText(dueAt);
  if (deadline === 'overdue') {
    return (
      <Badge variant="destructive" data-testid="deadline-overdue">
        <TriangleAlert aria-hidden />
        {text}
      </Badge>
    );
  }
  if (deadline === 'due_soon') {
    return (
      <Badge variant="warning" data-testid="deadline-due-soon">
        <AlarmClock aria-hidden />
        {text}
      </Badge>
    );
  }
  return (
    <Badge variant="outline" data-testid="deadline-on-track">
      <Clock aria-hidden />
      {text}
    </Badge>
  );
}
