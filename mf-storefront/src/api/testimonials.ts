import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

/** A testimonial as `GET /api/testimonials` answers it (isVerified 'true' shows a Verified badge). */
export interface Testimonial {
  id: string;
  rating: number;
  content: string;
  results?: string | null;
  name: string;
  avatarUrl?: string | null;
  isVerified?: string;
  role: string;
  company?: string | null;
}

export const testimonialKeys = { list: () => ['/api/testimonials'] as const };

/** Published testimonials; a failure is only logged (spec: the section is hidden). */
export function useTestimonials() {
  const query = useQuery<Testimonial[]>({ queryKey: testimonialKeys.list() });
  useEffect(() => {
    if (query.error) console.error('Failed to fetch testimonials', query.error);
  }, [query.error]);
  return query;
}
