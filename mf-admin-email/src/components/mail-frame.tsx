import { cn } from '@mastering/ui';

/** A rendered mail in a frame that runs nothing (sandbox="") and reaches nothing beyond its own HTML. */
export function MailFrame({ html, title, className }: { html: string; title: string; className?: string }) {
  return (
    <iframe
      sandbox=""
      srcDoc={html}
      title={title}
      className={cn('h-[28rem] w-full rounded-md border border-border bg-white', className)}
      data-testid="mail-preview"
    />
  );
}
