import { buttonVariants, Card, Spinner } from '@mastering/ui';
import { LockKeyhole } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isStaff, useSession } from '../session/session';

/** Lets staff (admins and engineers) through; everyone else is asked to sign in. */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner label="Checking your session" />
      </div>
    );
  }
  if (!isStaff(user)) return <AdminSignIn signedInAs={user?.email} />;
  return children;
}

/** The panel shown to visitors who are not signed in as staff. */
function AdminSignIn({ signedInAs }: { signedInAs?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center p-4">
      <Card data-testid="admin-sign-in" className="flex w-full max-w-md flex-col items-center gap-4 p-8 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-primary/15 text-primary">
          <LockKeyhole className="size-7" aria-hidden />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">Sign in to the admin console</h1>
        <p className="text-sm text-muted-foreground">
          {signedInAs
            ? `You are signed in as ${signedInAs}, which has no access to the admin console. Sign in with a staff account.`
            : 'The admin console is for the mastering team. Sign in with your staff email to continue.'}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Link to="/login" className={buttonVariants()} data-testid="admin-sign-in-link">
            Sign in
          </Link>
          <Link to="/" className={buttonVariants({ variant: 'outline' })}>
            Back to Site
          </Link>
        </div>
      </Card>
    </div>
  );
}
