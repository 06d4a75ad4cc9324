import { Badge } from '@mastering/ui';
import { CircleCheck, Clock, TriangleExclamationPoint } from 'lucide-react';
import { statusLabel } from '../../lib/format';

/**
 * The dashboard's status badge (spec): completed = check + default badge, in_progress = clock +
 * secondary badge, anything else = warning + outline badge.
 */
export function OrderStatusBadge({ status }: { status: string }) {
  if (status === 'completed') {
    return (
      <Badge variant="default" className="capitalize">
        <CircleCheck aria-hidden />
        {statusLabel(status)}
      </Badge>
    );
  }
  if (status === 'in_progress') {
    return (
      <Badge variant="secondary" className="capitalize">
        <Clock aria-hidden />
        {statusLabel(status)}
      </Badge>
    );
  }
  return (
    <Badge variant="outline" className="capitalize">
      <TriangleExclamationPoint aria-hidden />
      {statusLabel(status)}
    </Badge>
  );
}
