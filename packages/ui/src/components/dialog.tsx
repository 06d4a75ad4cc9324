import { Dialog as HeadlessDialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
// The remote scope's context by package name: the one copy every entry of this package shares.
import { cn, useRemoteScopeAttributes } from '@mastering/ui/core';

interface OverlayProps {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

function CloseButton({ onClose }: { onClose: () => void }) {
  return (
    <button
      type="button"
      onClick={onClose}
      className="absolute top-4 right-4 rounded-sm opacity-70 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <X className="size-4" aria-hidden />
      <span className="sr-only">Close</span>
    </button>
  );
}

const backdropClasses = 'fixed inset-0 bg-black/60 backdrop-blur-[2px] transition duration-150 data-closed:opacity-0';

/** A centred modal dialog (headlessui Dialog): focus is trapped, Escape and the backdrop close it. */
export function Dialog({ open, onClose, title, description, children, className, ...rest }: OverlayProps) {
  const scope = useRemoteScopeAttributes();
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50" {...scope}>
      <DialogBackdrop transition className={backdropClasses} />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          transition
          data-testid={rest['data-testid']}
          className={cn(
            'relative max-h-[90vh] w-full max-w-lg overflow-y-auto rounded-xl border border-border bg-card p-6 text-card-foreground shadow-xl transition duration-150 data-closed:scale-95 data-closed:opacity-0',
            className,
          )}
        >
          {title && <DialogTitle className="pr-6 text-lg font-semibold">{title}</DialogTitle>}
          {description && <Description className="mt-1 text-sm text-muted-foreground">{description}</Description>}
          <div className={cn((title || description) && 'mt-4')}>{children}</div>
          <CloseButton onClose={onClose} />
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}

/** A panel that slides in from the screen edge (headlessui Dialog), e.g. the mobile sidebar. */
export function Sheet({
  open,
  onClose,
  title,
  description,
  children,
  className,
  side = 'left',
  ...rest
}: OverlayProps & { side?: 'left' | 'right' }) {
  const scope = useRemoteScopeAttributes();
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50" {...scope}>
      <DialogBackdrop transition className={backdropClasses} />
      <DialogPanel
        transition
        data-testid={rest['data-testid']}
        data-side={side}
        className={cn(
          'fixed inset-y-0 flex w-80 max-w-[85vw] flex-col overflow-y-auto border-border bg-sidebar text-sidebar-foreground shadow-xl transition duration-200 ease-out',
          'data-[side=left]:left-0 data-[side=left]:border-r data-[side=left]:data-closed:-translate-x-full',
          'data-[side=right]:right-0 data-[side=right]:border-l data-[side=right]:data-closed:translate-x-full',
          className,
        )}
      >
        {title && <DialogTitle className="sr-only">{title}</DialogTitle>}
        {description && <Description className="sr-only">{description}</Description>}
        {children}
        <CloseButton onClose={onClose} />
      </DialogPanel>
    </HeadlessDialog>
  );
}
