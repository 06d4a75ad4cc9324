import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, TOAST_SWIPE_THRESHOLD_PX } from '@mastering/contracts';
import type { ReactNode } from 'react';

export type ToastVariant = 'default' | 'destructive';

/** What a caller passes to toast(). */
export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes itself (Infinity: never); defaults to TOAST_DURATION_MS. */
  duration?: number;
  action?: ReactNode;
}

/** A toast in the store; `open` turns false when it is dismissed. */
export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

export type ToastAction =
  | { type: 'ADD'; toast: ToastItem }
  | { type: 'UPDATE'; toast: Partial<ToastItem> & { id: string } }
  | { type: 'DISMISS'; id?: string }
  | { type: 'REMOVE'; id?: string };

/** Pure state transition of the toast list (newest first, at most TOAST_LIMIT kept). */
export function toastReducer(state: readonly ToastItem[], action: ToastAction): ToastItem[] {
  switch (action.type) {
    case 'ADD':
      return [action.toast, ...state].slice(0, TOAST_LIMIT);
    case 'UPDATE':
      return state.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t));
    case 'DISMISS':
      return state.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t));
    case 'REMOVE':
      return action.id === undefined ? [] : state.filter((t) => t.id !== action.id);
  }
}

/** True when a horizontal swipe has gone far enough right to dismiss. */
export function isDismissSwipe(deltaX: number): boolean {
  return deltaX >= TOAST_SWIPE_THRESHOLD_PX;
}

type Listener = (toasts: ToastItem[]) => void;

/**
 * The toast store. One module instance serves the whole page because @mastering/ui is a
 * federation singleton, so a toast raised in any remote shows in the shell's <Toaster/>.
 * It owns the timing: an open toast closes itself after its duration (paused while the pointer
 * or focus is on it), and a closed one is forgotten TOAST_REMOVE_DELAY_MS later.
 */
export function createToastStore() {
  let toasts: ToastItem[] = [];
  let counter = 0;
  const listeners = new Set<Listener>();
  const closeTimers = new Map<string, ReturnType<typeof setTimeout>>();
  const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

  function clearTimer(timers: Map<string, ReturnType<typeof setTimeout>>, id: string) {
    clearTimeout(timers.get(id));
    timers.delete(id);
  }

  function dispatch(action: ToastAction) {
    toasts = toastReducer(toasts, action);
    const present = new Map(toasts.map((t) => [t.id, t]));
    // A toast pushed out by the limit, removed or closed needs no auto-close any more.
    for (const id of [...closeTimers.keys()]) if (!present.get(id)?.open) clearTimer(closeTimers, id);
    for (const id of [...removeTimers.keys()]) if (!present.has(id)) clearTimer(removeTimers, id);
    for (const t of toasts) if (!t.open) scheduleRemoval(t.id);
    for (const listener of listeners) listener(toasts);
  }

  function scheduleRemoval(id: string) {
    if (removeTimers.has(id)) return;
    removeTimers.set(
      id,
      setTimeout(() => {
        removeTimers.delete(id);
        dispatch({ type: 'REMOVE', id });
      }, TOAST_REMOVE_DELAY_MS),
    );
  }

  function startAutoClose(id: string) {
    const item = toasts.find((t) => t.id === id);
    const duration = item?.duration ?? TOAST_DURATION_MS;
    if (!item?.open || duration === Infinity || closeTimers.has(id)) return;
    closeTimers.set(
      id,
      setTimeout(() => {
        closeTimers.delete(id);
        dispatch({ type: 'DISMISS', id });
      }, duration),
    );
  }

  return {
    getSnapshot: () => toasts,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Shows a toast (replacing the oldest beyond TOAST_LIMIT); returns handles to update or dismiss it. */
    toast(input: ToastInput) {
      counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
      const id = String(counter);
      dispatch({ type: 'ADD', toast: { ...input, id, open: true } });
      startAutoClose(id);
      return {
        id,
        dismiss: () => dispatch({ type: 'DISMISS', id }),
        update: (next: ToastInput) => dispatch({ type: 'UPDATE', toast: { ...next, id } }),
      };
    },
    /** Closes one toast, or all of them without an id. */
    dismiss(id?: string) {
      dispatch({ type: 'DISMISS', id });
    },
    /** Holds a toast open (pointer or focus on it). */
    pause(id: string) {
      clearTimer(closeTimers, id);
    },
    /** Lets a held toast close itself again, after its full duration. */
    resume(id: string) {
      startAutoClose(id);
    },
  };
}

/** The page's one toast store. */
export const toastStore = createToastStore();

/** Shows a toast from anywhere (no hook needed): `toast({ title, description, variant })`. */
export function toast(input: ToastInput) {
  return toastStore.toast(input);
}
