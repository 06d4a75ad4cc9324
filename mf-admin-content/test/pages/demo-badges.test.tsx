// @vitest-environment jsdom
// Demo content is marked in the back-office (issue 50 Deliver 7): a showcase track or testimonial the
// embedded default's seed invented carries a Demo badge; real ones carry none.
import { DEMO_CONTENT_TEXTS, type ShowcaseTrack, type Testimonial } from '@mastering/contracts';
import { renderWithProviders, screen } from '@mastering/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ShowcasePage from '../../src/pages/showcase/showcase';
import TestimonialsPage from '../../src/pages/testimonials/testimonials';

beforeEach(() => vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined)));
afterEach(() => vi.unstubAllGlobals());

const testimonial = (name: string, isDemo: boolean): Testimonial => ({
  id: crypto.randomUUID(),
  name,
  role: 'Producer',
  company: null,
  email: null,
  content: 'Clean, loud and still dynamic.',
  rating: 5,
  results: null,
  avatarUrl: null,
  isActive: 'true',
  isVerified: 'false',
  displayOrder: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  isDemo,
});
const track = (title: string, isDemo: boolean): ShowcaseTrack => ({
  id: crypto.randomUUID(),
  title,
  artist: 'Kasi Pulse',
  genre: 'Electronic',
  beforeDescription: 'Before',
  afterDescription: 'After',
  artworkUrl: null,
  originalAudioUrl: null,
  masteredAudioUrl: null,
  isActive: 'true',
  displayOrder: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  isDemo,
});

/** The name shown in each row, with the row's Demo badge text when it has one. */
const rows = (rowTestId: string, nameTestId: string, demoTestId: string) =>
  screen.getAllByTestId(rowTestId).map((row) => ({
    name: row.querySelector(`[data-testid="${nameTestId}"]`)?.textContent,
    demo: row.querySelector(`[data-testid="${demoTestId}"]`)?.textContent ?? null,
  }));

describe('the Demo badge', () => {
  it('marks seeded demo testimonials, and only them', () => {
    renderWithProviders(<TestimonialsPage />, {
      queryData: [
        [['/api/admin/testimonials'], [testimonial('Naledi Khumalo', true), testimonial('A real artist', false)]],
      ],
    });
    expect(rows('testimonial-row', 'testimonial-row-name', 'testimonial-row-demo')).toEqual([
      { name: 'Naledi Khumalo', demo: `${DEMO_CONTENT_TEXTS.badge}: ${DEMO_CONTENT_TEXTS.hint}` },
      { name: 'A real artist', demo: null },
    ]);
  });

  it('marks seeded demo showcase tracks, and only them', () => {
    renderWithProviders(<ShowcasePage />, {
      queryData: [[['/api/admin/showcase-tracks'], [track('Joburg After Dark', true), track('A real master', false)]]],
    });
    expect(rows('showcase-row', 'showcase-row-title', 'showcase-row-demo')).toEqual([
      { name: 'Joburg After Dark', demo: `${DEMO_CONTENT_TEXTS.badge}: ${DEMO_CONTENT_TEXTS.hint}` },
      { name: 'A real master', demo: null },
    ]);
  });
});
