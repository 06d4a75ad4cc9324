import { SCREEN_TITLES } from '@mastering/contracts';
import { PagePlaceholder } from '@mastering/ui';

/** Testimonials Management: not built yet. */
export default function TestimonialsPage() {
  return (
    <PagePlaceholder
      data-testid="page-testimonials"
      title={SCREEN_TITLES.testimonials}
      description="Create, edit, verify, hide and delete the testimonials shown on the home page."
    />
  );
}
