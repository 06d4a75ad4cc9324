import type { Testimonial } from '@mastering/contracts';
import { Badge, cn, PersonAvatar, StarRating } from '@mastering/ui/core';
import { BadgeCheck } from 'lucide-react';
import { useTestimonials } from '../../api/testimonials';
import { SectionHeading } from './section-heading';

function TestimonialCard({ testimonial: t }: { testimonial: Testimonial }) {
  return (
    <li data-testid="testimonial" className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StarRating stars={t.rating} />
        {t.results && (
          <Badge variant="success" className="whitespace-normal">
            {t.results}
          </Badge>
        )}
      </div>
      <blockquote className="flex-1 text-sm leading-relaxed">“{t.content}”</blockquote>
      <div className="flex items-center gap-3">
        <PersonAvatar name={t.name} avatarUrl={t.avatarUrl} />
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 text-sm font-semibold">
            {t.name}
            {t.isVerified === 'true' && (
              <Badge variant="outline" className="gap-1 text-[10px]">
                <BadgeCheck className="text-primary" aria-hidden />
                Verified
              </Badge>
            )}
          </p>
          <p className="truncate text-xs text-muted-foreground">{t.company ? `${t.role}, ${t.company}` : t.role}</p>
        </div>
      </div>
    </li>
  );
}

/** Testimonials: hidden entirely when there are none or they fail to load. */
export function Testimonials() {
  const { data, isLoading } = useTestimonials();
  if (isLoading) {
    return <p className="py-20 text-center text-sm text-muted-foreground">Loading testimonials...</p>;
  }
  if (!data || data.length === 0) return null;
  return (
    <section id="testimonials" className="scroll-mt-20 py-20">
      <div className="mx-auto max-w-6xl px-4 md:px-6">
        <SectionHeading eyebrow="Testimonials" title="Artists who trust us with their masters" />
        <ul className={cn('grid gap-5 md:grid-cols-2', data.length % 3 === 0 && 'lg:grid-cols-3')}>
          {data.map((testimonial) => (
            <TestimonialCard key={testimonial.id} testimonial={testimonial} />
          ))}
        </ul>
      </div>
    </section>
  );
}
