import { DELIVERY_HOURS } from '@mastering/contracts';
import { Headphones, MailCheck, Upload } from 'lucide-react';
import { SectionHeading } from './section-heading';

const STEPS = [
  {
    number: '01',
    title: 'Upload your track',
    text: 'Send your final mix in any major audio format, choose your mastering options and pay per track.',
    icon: Upload,
  },
  {
    number: '02',
    title: 'Professional mastering',
    text: 'A human engineer masters it for loudness, clarity and balance on every streaming platform.',
    icon: Headphones,
  },
  {
    number: '03',
    title: 'Receive your master',
    text: `Your radio-ready master arrives by email within ${DELIVERY_HOURS} hours, with free revisions if you need them.`,
    icon: MailCheck,
  },
];

/** How it works: the three numbered steps. */
export function HowItWorks() {
  return (
    <section id="how-it-works" className="scroll-mt-20 py-20">
      <div className="mx-auto max-w-6xl px-4 md:px-6">
        <SectionHeading eyebrow="How it works" title="From mix to master in three steps" />
        <ol className="grid gap-6 md:grid-cols-3">
          {STEPS.map(({ number, title, text, icon: Icon }) => (
            <li key={number} className="relative rounded-xl border border-border bg-card p-6">
              <span aria-hidden="true" className="absolute top-5 right-6 font-mono text-4xl font-black text-primary/75">
                {number}
              </span>
              <span className="mb-4 flex size-11 items-center justify-center rounded-lg bg-primary/15 text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
