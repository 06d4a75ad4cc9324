import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isDismissSwipe,
  toast,
  TOAST_DURATION,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  toastReducer,
  toastStore,
  type ToastItem,
} from '../src/toast/toast-store';
import { isToastHotkey } from '../src/toast/toaster';

const item = (id: string, open = true): ToastItem => ({ id, open, title: `t${id}` });

describe('toastReducer', () => {
  it('keeps at most one toast, the newest', () => {
    expect(TOAST_LIMIT).toBe(1);
    const state = toastReducer([item('1')], { type: 'ADD', toast: item('2') });
    expect(state.map((t) => t.id)).toEqual(['2']);
  });

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

describe('toast store', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a toast, closes it on dismiss and forgets it after 1,000,000 ms', () => {
    vi.useFakeTimers();
    const { id, dismiss } = toast({ title: 'Code sent!' });
    expect(toastStore.getSnapshot()).toEqual([{ id, open: true, title: 'Code sent!' }]);
    dismiss();
    expect(toastStore.getSnapshot()[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(toastStore.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toastStore.getSnapshot()).toHaveLength(0);
  });

  it('notifies subscribers and replaces the visible toast with a new one', () => {
    const seen: string[][] = [];
    const unsubscribe = toastStore.subscribe((toasts) => seen.push(toasts.map((t) => String(t.title))));
    toast({ title: 'first' });
    toast({ title: 'second', variant: 'destructive' });
    unsubscribe();
    toast({ title: 'unseen' });
    expect(seen).toEqual([['first'], ['second']]);
  });

  it('defaults to 5000 ms on screen', () => {
    expect(TOAST_DURATION).toBe(5000);
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
