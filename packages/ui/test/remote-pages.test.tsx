// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { type ComponentType, type ReactElement, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from '../src/app/remote-pages';

/** A module load the test settles by hand. */
function deferredModule() {
  let settle!: { resolve: (text: string) => void; reject: (error: Error) => void };
  const loads: Promise<{ default: () => ReactElement }>[] = [];
  const load = () => {
    const loaded = new Promise<{ default: () => ReactElement }>((resolve, reject) => {
      settle = {
        resolve: (text) => resolve({ default: () => <p>{text}</p> }),
        reject,
      };
    });
    loads.push(loaded);
    return loaded;
  };
  return { load, loads, settle: () => settle };
}

const inSuspense = (Page: ComponentType) => (
  <Suspense fallback={<p>loading</p>}>
    <Page />
  </Suspense>
);

describe('lazyPage', () => {
  it('suspends until its code is in; load() asks for it once however often it is called', async () => {
    const module = deferredModule();
    const Page = lazyPage(module.load);
    render(inSuspense(Page));
    expect(screen.getByText('loading')).toBeTruthy();
    const loading = Page.load();
    expect(Page.load()).toBe(loading);
    module.settle().resolve('the page');
    await loading;
    expect(module.loads).toHaveLength(1);
  });

  it('once loaded, renders at once without suspending (what lets the shell reveal it without waiting)', async () => {
    const module = deferredModule();
    const Page = lazyPage(module.load);
    const loading = Page.load();
    module.settle().resolve('ready');
    await loading;
    render(inSuspense(Page));
    // No act() flush in between: a page that suspended would still show its fallback here.
    expect(screen.getByText('ready')).toBeTruthy();
  });

  it('does not keep a failed load: the next load() asks again', async () => {
    const module = deferredModule();
    const Page = lazyPage(module.load);
    const failed = Page.load();
    module.settle().reject(new Error('chunk failed'));
    await expect(failed).rejects.toThrow('chunk failed');
    const again = Page.load();
    expect(again).not.toBe(failed);
    module.settle().resolve('second try');
    await again;
    render(inSuspense(Page));
    expect(screen.getByText('second try')).toBeTruthy();
    expect(module.loads).toHaveLength(2);
  });
});
