/** @vitest-environment jsdom */
import { act, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useAsPrerendered } from '../src/api/hydration';

const answer = { data: 'R350 per track', isLoading: false, status: 'success' };

/** What each render of the probe showed, in order. */
let shown: string[] = [];
function Probe() {
  const result = useAsPrerendered(answer);
  const text = result.isLoading ? 'loading' : String(result.data);
  shown.push(text);
  return <p>{text}</p>;
}

afterEach(() => {
  shown = [];
});

describe('useAsPrerendered', () => {
  it('hydrates as the prerender drew it, keeps that in the pass just after, and draws the answer in a later one', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Probe />);
    expect(root.textContent).toBe('loading');
    shown = [];
    const problems: unknown[] = [];
    await act(async () => {
      startTransition(() => {
        hydrateRoot(root, <Probe />, { onRecoverableError: (error) => problems.push(error) });
      });
    });
    expect(problems).toEqual([]);
    // Hydration, then the one-task pass React makes at once after it (still the loading state, so it is
    // cheap), then the answer, in a transition of its own.
    expect(shown).toEqual(['loading', 'loading', 'R350 per track']);
    expect(root.textContent).toBe('R350 per track');
  });

  it('draws the answer at once where nothing is hydrated (a page opened from another)', async () => {
    const { createRoot } = await import('react-dom/client');
    const root = document.createElement('div');
    await act(async () => createRoot(root).render(<Probe />));
    expect(shown).toEqual(['R350 per track']);
  });
});
