import { DELIVERY_HOURS, LEGAL_DOCUMENTS, launchSpecialBanner } from '@mastering/contracts';
import { useHydrating } from '@mastering/ui/core';
import { MapPin, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useLaunchDiscount, useSiteConfig, useStudio } from '../api/site-config';
import { StudioIdentity } from './studio-identity';
import { Brand } from './brand';
import { HOME_SECTIONS, scrollToSection } from './site-header';

const SOCIAL = ['Instagram', 'YouTube', 'TikTok', 'Facebook'];

/** The site footer: launch-special banner, contact, quick links, legal and social buttons. */
export function SiteFooter() {
  const { siteName } = useStudio();
  const discount = useLaunchDiscount();
  // The year of the visitor's clock, not of the build: a prerendered page shows it once hydrated.
  const year = useHydrating() ? null : new Date().getFullYear();
  const config = useSiteConfig().data;
  return (
    <footer className="border-t border-border bg-card/40">
      <div className="mx-auto max-w-6xl px-4 py-12 md:px-6">
        <div className="mb-10 flex flex-col items-center justify-between gap-3 rounded-xl border border-primary/30 bg-gradient-to-r from-primary/15 to-brand-2/15 px-6 py-4 text-center md:flex-row md:text-left">
          {discount !== undefined && (
            <p className="flex items-center gap-2 font-semibold" data-testid="footer-launch-special">
              <Sparkles className="size-4 text-primary" aria-hidden />
              {launchSpecialBanner(discount)}
            </p>
          )}
          <p className="text-sm text-muted-foreground">
            Human-mastered, streaming-ready, delivered within {DELIVERY_HOURS} hours.
          </p>
        </div>
        <div className="grid gap-10 md:grid-cols-3">
          <div className="space-y-3">
            <Brand />
            <p className="max-w-xs text-sm text-muted-foreground">
              Professional mastering by human engineers for independent artists, producers and labels.
            </p>
            {config ? (
              <div className="flex gap-2 text-sm text-muted-foreground">
                <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
                <StudioIdentity config={config} />
              </div>
            ) : null}
          </div>
          <nav aria-label="Quick links">
            <p className="mb-3 text-sm font-semibold">Quick Links</p>
            <ul className="space-y-2">
              {HOME_SECTIONS.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    onClick={(event) => {
                      event.preventDefault();
                      scrollToSection(section.id);
                    }}
                    className="text-sm text-muted-foreground transition-colors hover:text-foreground"
                  >
                    {section.label}
                  </a>
                </li>
              ))}
              <li>
                <Link
                  to="/track-order"
                  className="text-sm text-muted-foreground transition-colors hover:text-foreground"
                  data-testid="footer-track-order"
                >
                  Track my order
                </Link>
              </li>
            </ul>
          </nav>
          <div>
            <p className="mb-3 text-sm font-semibold">Follow us</p>
            <div className="flex flex-wrap gap-2">
              {SOCIAL.map((name) => (
                <button
                  key={name}
                  type="button"
                  className="rounded-full border border-border px-3 py-1 text-xs text-muted-foreground transition-colors hover:text-foreground"
                >
                  {name}
                </button>
              ))}
            </div>
          </div>
        </div>
        <div className="mt-10 flex flex-col items-center justify-between gap-3 border-t border-border pt-6 text-xs text-muted-foreground md:flex-row">
          <p>
            © {year} {siteName}. All rights reserved.
          </p>
          <nav aria-label="Legal" className="flex gap-4">
            {Object.entries(LEGAL_DOCUMENTS).map(([document, { title, path }]) => (
              <Link
                key={document}
                to={path}
                className="transition-colors hover:text-foreground"
                data-testid={`footer-${document}`}
              >
                {title}
              </Link>
            ))}
          </nav>
        </div>
      </div>
    </footer>
  );
}
