import { NOT_FOUND_PAGE } from '@mastering/contracts';
import { buttonVariants } from '@mastering/ui/core';
import { Link } from 'react-router-dom';

/** The page for any unknown path. */
export function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="bg-gradient-to-r from-primary to-brand-2 bg-clip-text text-7xl font-black text-transparent">404</p>
      <h1 data-testid="not-found" className="text-2xl font-bold tracking-tight">
        {NOT_FOUND_PAGE}
      </h1>
      <p className="max-w-sm text-sm text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to="/" className={buttonVariants()}>
        Back to Home
      </Link>
    </main>
  );
}
