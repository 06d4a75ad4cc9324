import { buttonVariants, Card, Spinner } from '@mastering/ui/core';
import { ROLE_LABELS, type Role } from '@mastering/contracts';
import { LockKeyhole, ShieldX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { isStaff, useSession } from '../session/session';
import type { AdminNavItem } from './admin-nav';

/**
 * Lets staff (admins and engineers) through. A signed-out visitor is sent to /login, which brings them
 * back here afterwards (`next`); a signed-in customer is told the console is not theirs.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner label="Checking your session" />
      </div>
    );
  }
  if (!user)
    return <Navigate to={`/login?${new URLSearchParams({ next: location.pathname + location.search })}`} replace />;
  if (!isStaff(user)) return <AdminSignIn signedInAs={user.email} />;
  return children;
}

/** Inside the admin frame: a screen the signed-in staff member's role may not use, with the screens it may. */
export function NoAccess({ role, menu }: { role?: Role; menu: readonly AdminNavItem[] }) {
  return (
    <div className="flex justify-center p-4">
      <Card data-testid="no-access" className="flex w-full max-w-md flex-col items-center gap-4 p-8 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-destructive/15 text-destructive">
          <ShieldX className="size-7" aria-hidden />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">No access to this screen</h1>
        <p className="text-sm text-muted-foreground">
          {role ? `Signed in as ${ROLE_LABELS[role]}, you can use these screens:` : 'You can use these screens:'}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          {menu.map((item) => (
            <Link key={item.to} to={item.to} className={buttonVariants({ variant: 'outline' })}>
              {item.label}
            </Link>
          ))}
        </div>
      </Card>
    </div>
  );
}

/** The panel a signed-in customer sees at the console: not theirs, sign in with a staff account. */
function AdminSignIn({ signedInAs }: { signedInAs: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center p-4">
      <Card
        data-testid="admin-sign-in"
        data-reason="no-access"
        className="flex w-full max-w-md flex-col items-center gap-4 p-8 text-center"
      >
        <span className="flex size-14 items-center justify-center rounded-full bg-primary/15 text-primary">
          <LockKeyhole className="size-7" aria-hidden />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">No access to the admin console</h1>
        <p className="text-sm text-muted-foreground">
          {`You are signed in as ${signedInAs}, which has no access to the admin console. Sign in with a staff account.`}
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
