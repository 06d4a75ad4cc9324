import type { ReactNode } from 'react';

/** A back-office screen's title row: the heading, a line under it, and the screen's buttons on the right. */
export function ScreenHeader({
  title,
  description,
  descriptionTestId,
  children,
}: {
  title: string;
  description: ReactNode;
  descriptionTestId?: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{title}</h1>
        <p className="mt-1 text-sm text-muted-foreground" data-testid={descriptionTestId}>
          {description}
        </p>
      </div>
      {children && <div className="flex flex-wrap gap-2">{children}</div>}
    </div>
  );
}
