import { X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from 'react';
import { cn } from '../lib/cn';
import { isDismissSwipe, toast, toastStore, type ToastItem } from './toast-store';

/** The visible toasts plus toast() and dismiss(), for components. */
export function useToast() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  return { toasts, toast, dismiss: toastStore.dismiss };
}

/** True for the key that moves focus to the notification region (spec: F8). */
export function isToastHotkey(event: Pick<KeyboardEvent, 'key'>): boolean {
  return event.key === 'F8';
}

function ToastCard({ item }: { item: ToastItem }) {
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  const dismiss = useCallback(() => toastStore.dismiss(item.id), [item.id]);
  const pause = () => toastStore.pause(item.id);
  const resume = () => toastStore.resume(item.id);

  const onPointerDown = (e: PointerEvent<HTMLLIElement>) => {
    if ((e.target as HTMLElement).closest('button')) return;
    start.current = e.clientX;
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLLIElement>) => {
    if (start.current !== null) setOffset(Math.max(0, e.clientX - start.current));
  };
  const onPointerUp = () => {
    if (start.current === null) return;
    start.current = null;
    if (isDismissSwipe(offset)) dismiss();
    else setOffset(0);
  };

  const destructive = item.variant === 'destructive';
  return (
    <li
      data-testid="toast"
      data-variant={item.variant ?? 'default'}
      data-swipe={offset > 0 ? 'move' : undefined}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resume}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) } : undefined}
      className={cn(
        'group pointer-events-auto relative flex w-full touch-pan-y items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-8 shadow-lg select-none',
        'animate-toast-in data-[swipe=move]:transition-none transition-transform',
        destructive
          ? 'border-destructive bg-destructive text-destructive-foreground'
          : 'border-border bg-popover text-popover-foreground',
      )}
    >
      {/* The live region is inside the item: a list item itself must keep its listitem role. */}
      <div
        className="grid gap-1"
        role={destructive ? 'alert' : 'status'}
        aria-live={destructive ? 'assertive' : 'polite'}
        aria-atomic
      >
        {item.title && <div className="text-sm font-semibold">{item.title}</div>}
        {item.description && <div className="text-sm opacity-90">{item.description}</div>}
      </div>
      {item.action}
      <button
        type="button"
        onClick={dismiss}
        aria-label="Close"
        data-testid="toast-close"
        className="absolute top-2 right-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <X className="size-4" aria-hidden />
      </button>
    </li>
  );
}

/** The notification region; rendered once by the shell (F8 focuses it). */
export function Toaster() {
  const { toasts } = useToast();
  const region = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isToastHotkey(event)) region.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section aria-label="Notifications (F8)">
      <ol
        ref={region}
        tabIndex={-1}
        data-testid="toaster"
        className="pointer-events-none fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none md:top-auto md:right-0 md:bottom-0 md:max-w-[420px] md:flex-col"
      >
        {toasts
          .filter((t) => t.open)
          .map((t) => (
            <ToastCard key={t.id} item={t} />
          ))}
      </ol>
    </section>
  );
}
