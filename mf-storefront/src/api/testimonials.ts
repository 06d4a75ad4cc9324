import type { Testimonial } from '@mastering/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

export const testimonialKeys = { list: () => ['/api/testimonials'] as const };

/** Published testimonials; a failure is only logged (spec: the section is hidden). */
export function useTestimonials() {
  const query = useQuery<Testimonial[]>({ queryKey: testimonialKeys.list() });
  useEffect(() => {
    if (query.error) console.error('Failed to fetch testimonials', query.error);
  }, [query.error]);
  return query;
}
