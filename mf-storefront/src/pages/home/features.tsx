import { DELIVERY_HOURS } from '@mastering/contracts';
import { Clock, Radio, RotateCcw, ShieldCheck, UserRoundCheck, Volume2 } from 'lucide-react';
import { SectionHeading } from './section-heading';

const FEATURES = [
  { title: 'DSP Guarantee', text: 'Your master is ready for every streaming platform, first time.', icon: Radio },
  {
    title: `${DELIVERY_HOURS}-Hour Delivery`,
    text: `Masters delivered by email within ${DELIVERY_HOURS} hours of payment.`,
    icon: Clock,
  },
  {
    title: 'Human Engineers',
    text: 'Real engineers with multi-genre experience, never an algorithm.',
    icon: UserRoundCheck,
  },
  {
    title: 'Radio-Ready Quality',
    text: 'Competitive loudness with the clarity and punch of a release.',
    icon: Volume2,
  },
  { title: 'Satisfaction Guarantee', text: 'Not happy? We revise it or refund you in full.', icon: ShieldCheck },
  { title: 'Instant Revisions', text: 'Free revisions with direct contact with your engineer.', icon: RotateCcw },
];

/** Value propositions: the six feature cards. */
export function Features() {
  return (
    <section id="features" className="scroll-mt-20 py-20">
      <div className="mx-auto max-w-6xl px-4 md:px-6">
        <SectionHeading eyebrow="Why us" title="Mastering you can trust" />
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ title, text, icon: Icon }) => (
            <div
              key={title}
              className="rounded-xl border border-border bg-card p-6 transition-colors hover:border-primary/50"
            >
              <Icon className="mb-3 size-6 text-primary" aria-hidden />
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-1.5 text-sm text-muted-foreground">{text}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
