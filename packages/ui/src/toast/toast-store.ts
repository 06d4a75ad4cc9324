import type { ReactNode } from 'react';

/** Spec (storefront §9): at most one toast at once. */
export const TOAST_LIMIT = 1;
/** Spec: a toast closes itself after 5000 ms unless given another duration. */
export const TOAST_DURATION = 5000;
/** Spec: a dismissed toast is removed from memory after 1,000,000 ms. */
export const TOAST_REMOVE_DELAY = 1_000_000;
/** Spec: swiping right by 50 px dismisses a toast. */
export const SWIPE_THRESHOLD = 50;

export type ToastVariant = 'default' | 'destructive';

/** What a caller passes to toast(). */
export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes itself; defaults to TOAST_DURATION. */
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
  return deltaX >= SWIPE_THRESHOLD;
}

type Listener = (toasts: ToastItem[]) => void;

/**
 * The toast store. One module instance serves the whole page because @mastering/ui is a
 * federation singleton, so a toast raised in any remote shows in the shell's <Toaster/>.
 */
function createToastStore() {
  let toasts: ToastItem[] = [];
  let counter = 0;
  const listeners = new Set<Listener>();
  const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

  function dispatch(action: ToastAction) {
    toasts = toastReducer(toasts, action);
    if (action.type === 'DISMISS') {
      for (const t of toasts) if (!t.open) scheduleRemoval(t.id);
    }
    for (const listener of listeners) listener(toasts);
  }

  function scheduleRemoval(id: string) {
    if (removeTimers.has(id)) return;
    removeTimers.set(
      id,
      setTimeout(() => {
        removeTimers.delete(id);
        dispatch({ type: 'REMOVE', id });
      }, TOAST_REMOVE_DELAY),
    );
  }

  return {
    getSnapshot: () => toasts,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Shows a toast; returns handles to update or dismiss it. */
    toast(input: ToastInput) {
      counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
      const id = String(counter);
      dispatch({ type: 'ADD', toast: { ...input, id, open: true } });
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
  };
}

export const toastStore = createToastStore();

/** Shows a toast from anywhere (no hook needed): `toast({ title, description, variant })`. */
export function toast(input: ToastInput) {
  return toastStore.toast(input);
}
