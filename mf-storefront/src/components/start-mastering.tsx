import { buttonVariants, cn } from '@mastering/ui/core';
import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

// The form and the upload client load on the first click, so `/` ships without them.
const UploadDialog = lazy(() => import('../pages/upload/upload-dialog'));

const OpenUpload = createContext<(() => void) | null>(null);

/** Holds the home page's upload modal; every StartMasteringButton inside opens it. */
export function StartMasteringProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<'never' | 'open' | 'closed'>('never');
  const open = useMemo(() => () => setState('open'), []);
  return (
    <OpenUpload.Provider value={open}>
      {children}
      {state !== 'never' && (
        <Suspense fallback={null}>
          <UploadDialog open={state === 'open'} onClose={() => setState('closed')} />
        </Suspense>
      )}
    </OpenUpload.Provider>
  );
}

type Variant = Parameters<typeof buttonVariants>[0];

/**
 * A "start mastering" button: opens the upload modal inside StartMasteringProvider, and is a link to
 * /upload anywhere else (the same form on its own page).
 */
export function StartMasteringButton({
  children,
  className,
  variant = { variant: 'brand' },
  onClick,
  testId,
}: {
  children: ReactNode;
  className?: string;
  variant?: Variant;
  onClick?: () => void;
  testId?: string;
}) {
  const open = useContext(OpenUpload);
  const classes = cn(buttonVariants(variant), className);
  if (!open)
    return (
      <Link to="/upload" className={classes} data-testid={testId} onClick={onClick}>
        {children}
      </Link>
    );
  return (
    <button
      type="button"
      className={classes}
      data-testid={testId}
      onClick={() => {
        onClick?.();
        open();
      }}
    >
      {children}
    </button>
  );
}
