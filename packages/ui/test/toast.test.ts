import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, isDismissSwipe, toastReducer, type ToastItem } from '../src/toast/toast-store';
import { isToastHotkey } from '../src/toast/toaster';

const item = (id: string, open = true): ToastItem => ({ id, open, title: `t${id}` });

describe('toastReducer', () => {
  it('updates a toast by id', () => {
    const state = toastReducer([item('1')], { type: 'UPDATE', toast: { id: '1', title: 'changed' } });
    expect(state[0]).toMatchObject({ id: '1', title: 'changed', open: true });
  });

  it('dismisses one toast or all of them by closing, not removing', () => {
    expect(toastReducer([item('1')], { type: 'DISMISS', id: '1' })).toEqual([{ ...item('1'), open: false }]);
    expect(toastReducer([item('1')], { type: 'DISMISS', id: 'other' })[0]!.open).toBe(true);
    expect(toastReducer([item('1')], { type: 'DISMISS' })[0]!.open).toBe(false);
  });

  it('removes one toast or all', () => {
    expect(toastReducer([item('1')], { type: 'REMOVE', id: '1' })).toEqual([]);
    expect(toastReducer([item('1')], { type: 'REMOVE' })).toEqual([]);
  });
});

// The spec's timings (storefront §9): one toast at a time, 5000 ms on screen, forgotten 1,000,000 ms
// after closing. Written out here rather than imported so that a changed constant fails the test.
describe('toast store timing', () => {
  let store: ReturnType<typeof createToastStore>;
  const shown = () => store.getSnapshot().map((t) => ({ title: t.title, open: t.open }));

  beforeEach(() => {
    vi.useFakeTimers();
    store = createToastStore();
  });
  afterEach(() => vi.useRealTimers());

  it('closes a toast by itself after 5000 ms and forgets it 1,000,000 ms later', () => {
    store.toast({ title: 'Code sent!' });
    vi.advanceTimersByTime(4999);
    expect(shown()).toEqual([{ title: 'Code sent!', open: true }]);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([{ title: 'Code sent!', open: false }]);
    vi.advanceTimersByTime(999_999);
    expect(shown()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
  });

  it('shows one toast at a time: a new one replaces the visible one, whose timers stop', () => {
    store.toast({ title: 'first' });
    vi.advanceTimersByTime(3000);
    store.toast({ title: 'second' });
    expect(shown()).toEqual([{ title: 'second', open: true }]);
    // The second runs its own full 5000 ms, not what was left of the first's.
    vi.advanceTimersByTime(4999);
    expect(shown()).toEqual([{ title: 'second', open: true }]);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([{ title: 'second', open: false }]);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('honours a custom duration and never closes an Infinity one', () => {
    store.toast({ title: 'short', duration: 1000 });
    vi.advanceTimersByTime(1000);
    expect(shown()[0]!.open).toBe(false);
    store.toast({ title: 'sticky', duration: Infinity });
    vi.advanceTimersByTime(10_000_000);
    expect(shown()).toEqual([{ title: 'sticky', open: true }]);
  });

  it('holds a toast open while paused and gives it a full duration when resumed', () => {
    const { id } = store.toast({ title: 'hovered' });
    vi.advanceTimersByTime(4000);
    store.pause(id);
    vi.advanceTimersByTime(60_000);
    expect(shown()[0]!.open).toBe(true);
    store.resume(id);
    vi.advanceTimersByTime(4999);
    expect(shown()[0]!.open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(shown()[0]!.open).toBe(false);
  });

  it('closes at once on dismiss, and a later auto-close does not reopen or double-remove it', () => {
    const { id, dismiss } = store.toast({ title: 'bye' });
    dismiss();
    expect(shown()).toEqual([{ title: 'bye', open: false }]);
    store.resume(id);
    vi.advanceTimersByTime(1_000_000);
    expect(shown()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('notifies subscribers of every change until they unsubscribe', () => {
    const seen: string[][] = [];
    const unsubscribe = store.subscribe((toasts) => seen.push(toasts.map((t) => `${String(t.title)}:${t.open}`)));
    store.toast({ title: 'first' });
    store.toast({ title: 'second', variant: 'destructive' });
    vi.advanceTimersByTime(5000);
    unsubscribe();
    store.toast({ title: 'unseen' });
    expect(seen).toEqual([['first:true'], ['second:true'], ['second:false']]);
  });
});

describe('gestures and keys', () => {
  it('dismisses on a swipe right of at least 50 px', () => {
    expect(isDismissSwipe(49)).toBe(false);
    expect(isDismissSwipe(50)).toBe(true);
    expect(isDismissSwipe(-80)).toBe(false);
  });

  it('F8 focuses the notification region', () => {
    expect(isToastHotkey({ key: 'F8' })).toBe(true);
    expect(isToastHotkey({ key: 'F7' })).toBe(false);
  });
});
