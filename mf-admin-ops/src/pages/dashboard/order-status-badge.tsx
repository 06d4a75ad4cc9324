import { humanizeStatus } from '@mastering/contracts';
import { Badge } from '@mastering/ui';
import { CircleCheck, Clock, TriangleExclamationPoint } from 'lucide-react';

/**
 * The dashboard's status badge (spec): completed = check + default badge, in_progress = clock +
 * secondary badge, anything else = warning + outline badge.
 */
export function OrderStatusBadge({ status }: { status: string }) {
  if (status === 'completed') {
    return (
      <Badge variant="default" className="capitalize">
        <CircleCheck aria-hidden />
        {humanizeStatus(status)}
      </Badge>
    );
  }
  if (status === 'in_progress') {
    return (
      <Badge variant="secondary" className="capitalize">
        <Clock aria-hidden />
        {humanizeStatus(status)}
      </Badge>
    );
  }
  return (
    <Badge variant="outline" className="capitalize">
      <TriangleExclamationPoint aria-hidden />
      {humanizeStatus(status)}
    </Badge>
  );
}
