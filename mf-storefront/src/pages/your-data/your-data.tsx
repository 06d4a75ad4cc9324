import { Button, buttonVariants, serverErrorText } from '@mastering/ui/core';
import { ShieldCheck } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { useDataAccessProof, useRequestDeletion, YOUR_DATA_URL } from '../../api/your-data';
import { OutcomeCard, OutcomeFrame } from '../../components/outcome-frame';
import { ProveAddress } from './prove-address';

/**
 * Your data (POPIA s23/s24): proven by a code mailed to their address (no account needed; a signed-in
 * session counts too), a customer downloads everything held about it or asks for it to be deleted.
 * The order page and Track my order link here, with the order's address as `?email=`.
 */
export default function YourDataPage() {
  const [params] = useSearchParams();
  const { proof, isLoading } = useDataAccessProof();
  const email = proof?.email ?? null;
  const deletion = useRequestDeletion();
  return (
    <OutcomeFrame
      testId="page-your-data"
      icon={ShieldCheck}
      tone="success"
      title="Your data"
      lead="Download everything we hold about your email address, or ask us to delete it."
    >
      {isLoading ? null : !email ? (
        <OutcomeCard title="Prove it is your address" testId="your-data-sign-in">
          <ProveAddress initialEmail={params.get('email') ?? ''} />
        </OutcomeCard>
      ) : (
        <OutcomeCard title={email} testId="your-data-actions">
          <div className="space-y-3">
            <p className="text-sm">
              The download is a JSON file of your account, orders, file list, payments, invoices, messages, consents and
              the emails we sent you.
            </p>
            <a href={YOUR_DATA_URL} download="your-data.json" className={buttonVariants({ variant: 'outline' })}>
              Download my data
            </a>
            <p className="text-sm">
              Deleting removes your audio files and personal details. Tax invoices are kept for 5 years with your
              details removed, as the law requires.
            </p>
            {deletion.data ? (
              <p role="status" className="text-sm text-success" data-testid="your-data-deletion-requested">
                {deletion.data.message}
              </p>
            ) : (
              <Button variant="destructive" disabled={deletion.isPending} onClick={() => deletion.mutate()}>
                Ask us to delete my data
              </Button>
            )}
            {deletion.error && (
              <p role="alert" className="text-sm text-destructive">
                {serverErrorText(deletion.error, 'Something went wrong. Please try again.')}
              </p>
            )}
          </div>
        </OutcomeCard>
      )}
    </OutcomeFrame>
  );
}
