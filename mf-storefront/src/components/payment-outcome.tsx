import { PagePlaceholder } from '@mastering/ui';
import { useSearchParams } from 'react-router-dom';
import { PageFrame } from './page-frame';

/** A payment outcome page (success, cancelled, failed) for the order named by `?orderId=`. */
export function PaymentOutcome({ testId, title, description }: { testId: string; title: string; description: string }) {
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  return (
    <PageFrame testId={testId}>
      <PagePlaceholder title={title} description={description}>
        {orderId && <p className="font-mono text-xs text-muted-foreground">Order {orderId}</p>}
      </PagePlaceholder>
    </PageFrame>
  );
}
