import { TESTIMONIALS_FETCH_FAILED, type Testimonial } from '@mastering/contracts';
import { useAsPrerendered } from '@mastering/ui/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

/** Query keys of the testimonials; each key is also its URL. */
export const testimonialKeys = { list: () => ['/api/testimonials'] as const };

/** Published testimonials (loading while hydrating); a failure is only logged (spec: the section is hidden). */
export function useTestimonials() {
  const query = useAsPrerendered(useQuery<Testimonial[]>({ queryKey: testimonialKeys.list() }));
  useEffect(() => {
    if (query.error) console.error(TESTIMONIALS_FETCH_FAILED, query.error);
  }, [query.error]);
  return query;
}
