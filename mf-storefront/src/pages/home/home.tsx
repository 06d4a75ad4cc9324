import { DELIVERY_HOURS, startMasteringLabel } from '@mastering/contracts';
import { buttonVariants, cn } from '@mastering/ui';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useLaunchDiscount } from '../../api/site-config';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';
import { Examples } from './examples';
import { Features } from './features';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { Testimonials } from './testimonials';

/** The landing page: header, hero, how it works, examples, features, testimonials, footer. */
export default function HomePage() {
  const discount = useLaunchDiscount();
  return (
    <div data-testid="page-home" className="min-h-screen">
      <SiteHeader />
      <main>
        <Hero />
        <HowItWorks />
        <Examples />
        <Features />
        <Testimonials />
        <section className="px-4 py-20 md:px-6">
          <div className="mx-auto flex max-w-4xl flex-col items-center gap-5 rounded-2xl border border-primary/30 bg-gradient-to-br from-primary/20 via-card to-brand-2/15 px-6 py-14 text-center">
            <h2 className="text-3xl font-bold tracking-tight">Ready to hear your track at its best?</h2>
            <p className="max-w-xl text-muted-foreground">Upload your mix today and get your master back within {DELIVERY_HOURS} hours.</p>
            <Link to="/upload" className={cn(buttonVariants({ variant: 'brand', size: 'lg' }))}>
              {startMasteringLabel(discount)}
              <ArrowRight aria-hidden />
            </Link>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
