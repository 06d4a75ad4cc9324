import { buttonVariants, cn, ThemeMenuOnDemand } from '@mastering/ui/core';
import { ArrowLeft, PackageSearch } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Brand } from './brand';

/** The frame of the storefront's inner pages (login, upload, payment outcomes): header with a way home. */
export function PageFrame({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div data-testid={testId} className="flex min-h-screen flex-col">
      <header className="border-b border-border">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 md:px-6">
          <Brand />
          <div className="ml-auto flex items-center gap-1">
            <ThemeMenuOnDemand />
            <Link
              to="/track-order"
              className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }))}
              aria-label="Track my order"
            >
              <PackageSearch aria-hidden />
              {/* On a phone the icon alone: with the words the header was wider than a 390 px screen. */}
              <span className="hidden sm:inline">Track my order</span>
            </Link>
            <Link to="/" className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }))} aria-label="Back to Home">
              <ArrowLeft aria-hidden />
              {/* On a phone the arrow alone, so the brand keeps one line. */}
              <span className="hidden sm:inline">Back to Home</span>
            </Link>
          </div>
        </div>
      </header>
      <main className="flex flex-1 flex-col px-4 py-10 md:px-6">{children}</main>
    </div>
  );
}
