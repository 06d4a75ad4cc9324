import { TrackOrdersBody } from '@mastering/contracts';
import { Button, checkForm, Input, Label, serverErrorText } from '@mastering/ui/core';
import { PackageSearch } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTrackOrders } from '../../api/order-page';
import { OutcomeCard, OutcomeFrame } from '../../components/outcome-frame';

/** Track my order: an email address in, one mail out listing that address's orders with their links. */
export default function TrackOrderPage() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const track = useTrackOrders();
  return (
    <OutcomeFrame
      testId="page-track-order"
      icon={PackageSearch}
      tone="success"
      title="Track my order"
      lead="Enter the email address you ordered with. We email you a link to each of your orders."
    >
      <OutcomeCard title="Your email" testId="track-order-form">
        <form
          className="space-y-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const check = checkForm(TrackOrdersBody, { email });
            if (!check.ok) {
              setProblem(check.message);
              return;
            }
            setProblem(null);
            track.mutate(check.data);
          }}
        >
          <Label htmlFor={`${id}-email`}>Email address</Label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={problem ? true : undefined}
          />
          {(problem || track.error) && (
            <p role="alert" className="text-sm text-destructive">
              {problem ?? serverErrorText(track.error, 'Something went wrong. Please try again.')}
            </p>
          )}
          {track.data && (
            <p role="status" className="text-sm text-success" data-testid="track-order-sent">
              {track.data.message}
            </p>
          )}
          <Button type="submit" disabled={track.isPending}>
            Email me my orders
          </Button>
        </form>
        <p className="mt-4 text-sm">
          <Link
            to={email.trim() ? `/your-data?email=${encodeURIComponent(email.trim())}` : '/your-data'}
            className="underline"
            data-testid="track-order-your-data"
          >
            See or delete your data
          </Link>
        </p>
      </OutcomeCard>
    </OutcomeFrame>
  );
}
