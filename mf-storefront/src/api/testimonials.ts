import { TESTIMONIALS_FETCH_FAILED, type Testimonial } from '@mastering/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

/** Query keys of the testimonials; each key is also its URL. */
export const testimonialKeys = { list: () => ['/api/testimonials'] as const };

/** Published testimonials; a failure is only logged (spec: the section is hidden). */
export function useTestimonials() {
  const query = useQuery<Testimonial[]>({ queryKey: testimonialKeys.list() });
  useEffect(() => {
    if (query.error) console.error(TESTIMONIALS_FETCH_FAILED, query.error);
  }, [query.error]);
  return query;
}
