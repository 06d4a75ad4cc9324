import { lazy, Suspense } from 'react';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';
import { StartMasteringProvider } from '../../components/start-mastering';
import { Hero } from './hero';

// The sections below the hero arrive in a chunk of their own after the first paint, so the hero (the
// page's largest paint) waits neither for their code nor for rendering them.
const BelowTheFold = lazy(() => import('./below-the-fold'));

/** The landing page: header, hero, how it works, examples, features, comparison, testimonials, footer; every start button opens the upload modal. */
export default function HomePage() {
  return (
    <StartMasteringProvider>
      <div data-testid="page-home" className="min-h-screen">
        <SiteHeader />
        <main>
          <Hero />
          {/* A screen's height until they arrive, so the footer never shows and then jumps away. */}
          <Suspense fallback={<div className="min-h-screen" />}>
            <BelowTheFold />
          </Suspense>
        </main>
        <SiteFooter />
      </div>
    </StartMasteringProvider>
  );
}
