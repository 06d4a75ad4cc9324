import { ADMIN_CONSOLE, HEADER_SCROLL_THRESHOLD_PX, startMasteringLabel } from '@mastering/contracts';
import { buttonVariants, cn, ThemeMenuOnDemand } from '@mastering/ui/core';
import { LayoutDashboard, Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useLaunchDiscount } from '../api/site-config';
import { Brand } from './brand';
import { StartMasteringButton } from './start-mastering';

/** The home page's sections, in page order, as the header and footer link to them. */
export const HOME_SECTIONS = [
  { id: 'how-it-works', label: 'How It Works' },
  { id: 'examples', label: 'Examples' },
  { id: 'features', label: 'Features' },
  { id: 'testimonials', label: 'Testimonials' },
] as const;

function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}

/** Scrolls to a home page section: smoothly unless the visitor asked for less motion (the page's CSS decides). */
export function scrollToSection(id: string) {
  document.getElementById(id)?.scrollIntoView({ block: 'start' });
}

/**
 * The home page header: section links, theme switch, admin link and the start button; below md a
 * full-screen menu that locks page scrolling while open and closes when a section is picked.
 */
export function SiteHeader() {
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const startLabel = startMasteringLabel(useLaunchDiscount());

  useEffect(() => {
    if (!menuOpen) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKeyDown);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [menuOpen]);

  const pick = (id: string) => {
    setMenuOpen(false);
    scrollToSection(id);
  };

  return (
    <>
      <header
        data-testid="site-header"
        data-scrolled={scrolled}
        className={cn(
          'fixed inset-x-0 top-0 z-50 border-b border-transparent transition-colors duration-200',
          (scrolled || menuOpen) && 'border-border bg-background/95 backdrop-blur',
        )}
      >
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 md:px-6">
          <Brand />
          <nav aria-label="Sections" className="ml-6 hidden items-center gap-1 lg:flex">
            {HOME_SECTIONS.map((section) => (
              <a
                key={section.id}
                href={`#${section.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  pick(section.id);
                }}
                className="whitespace-nowrap rounded-md px-3 py-2 text-sm text-muted-foreground transition-colors hover:text-foreground"
              >
                {section.label}
              </a>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-1">
            <ThemeMenuOnDemand />
            <Link
              to="/track-order"
              className={cn(
                buttonVariants({ variant: 'ghost', size: 'sm' }),
                'hidden whitespace-nowrap md:inline-flex',
              )}
              data-testid="header-track-order"
            >
              Track my order
            </Link>
            <Link
              to="/admin"
              title={ADMIN_CONSOLE}
              aria-label={ADMIN_CONSOLE}
              className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'hidden md:inline-flex')}
            >
              <LayoutDashboard className="size-5" aria-hidden />
            </Link>
            <StartMasteringButton testId="header-start" className="ml-2 hidden sm:inline-flex">
              {startLabel}
            </StartMasteringButton>
            <button
              type="button"
              className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'lg:hidden')}
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={menuOpen}
              data-testid="mobile-menu-toggle"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
            </button>
          </div>
        </div>
      </header>
      {/* Outside the header: its backdrop-filter would make it the containing block of a fixed overlay. */}
      {menuOpen && (
        <div
          data-testid="mobile-menu"
          className="fixed inset-x-0 top-16 bottom-0 z-40 flex flex-col gap-2 overflow-y-auto bg-background px-6 py-8 lg:hidden"
        >
          {HOME_SECTIONS.map((section) => (
            <button
              key={section.id}
              type="button"
              onClick={() => pick(section.id)}
              className="rounded-lg px-3 py-3 text-left text-2xl font-semibold transition-colors hover:bg-accent"
            >
              {section.label}
            </button>
          ))}
          <div className="mt-4 flex items-center justify-between rounded-lg border border-border px-3 py-2">
            <span className="text-sm text-muted-foreground">Theme</span>
            <ThemeMenuOnDemand />
          </div>
          <Link
            to="/track-order"
            className="rounded-lg px-3 py-3 text-lg font-medium hover:bg-accent"
            onClick={() => setMenuOpen(false)}
          >
            Track my order
          </Link>
          <Link
            to="/admin"
            className="rounded-lg px-3 py-3 text-lg font-medium hover:bg-accent"
            onClick={() => setMenuOpen(false)}
          >
            {ADMIN_CONSOLE}
          </Link>
          <StartMasteringButton
            testId="mobile-menu-start"
            variant={{ variant: 'brand', size: 'lg' }}
            className="mt-auto"
            onClick={() => setMenuOpen(false)}
          >
            {startLabel}
          </StartMasteringButton>
        </div>
      )}
    </>
  );
}
