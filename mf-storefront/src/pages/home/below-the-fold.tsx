import { DELIVERY_HOURS, startMasteringLabel } from '@mastering/contracts';
import { ArrowRight } from 'lucide-react';
import { useLaunchDiscount } from '../../api/site-config';
import { StartMasteringButton } from '../../components/start-mastering';
import { Comparison } from './comparison';
import { Examples } from './examples';
import { Features } from './features';
import { HowItWorks } from './how-it-works';
import { Testimonials } from './testimonials';

/** The home page's sections below the hero: how it works, examples, features, comparison, testimonials and the closing call. */
export default function BelowTheFold() {
  const discount = useLaunchDiscount();
  return (
    <>
      <HowItWorks />
      <Examples />
      <Features />
      <Comparison />
      <Testimonials />
      <section className="px-4 py-20 md:px-6">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-5 rounded-2xl border border-primary/30 bg-gradient-to-br from-primary/20 via-card to-brand-2/15 px-6 py-14 text-center">
          <h2 className="text-3xl font-bold tracking-tight">Ready to hear your track at its best?</h2>
          <p className="max-w-xl text-muted-foreground">
            Upload your mix today and get your master back within {DELIVERY_HOURS} hours.
          </p>
          <StartMasteringButton testId="cta-start" variant={{ variant: 'brand', size: 'lg' }}>
            {startMasteringLabel(discount)}
            <ArrowRight aria-hidden />
          </StartMasteringButton>
        </div>
      </section>
    </>
  );
}
