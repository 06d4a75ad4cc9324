import type { HTMLAttributes } from 'react';
import { cn } from '../lib/cn';

type DivProps = HTMLAttributes<HTMLDivElement>;

/** A bordered surface that groups related content. */
export function Card({ className, ...props }: DivProps) {
  return (
    <div
      data-slot="card"
      className={cn('rounded-xl border border-border bg-card text-card-foreground shadow-sm', className)}
      {...props}
    />
  );
}

/** Top part of a card: title and description. */
export function CardHeader({ className, ...props }: DivProps) {
  return <div data-slot="card-header" className={cn('flex flex-col gap-1.5 p-6', className)} {...props} />;
}

/** The card's heading. */
export function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return (
    <h3 data-slot="card-title" className={cn('font-semibold leading-none tracking-tight', className)} {...props} />
  );
}

/** Secondary text under a card title. */
export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p data-slot="card-description" className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

/** The card's body. */
export function CardContent({ className, ...props }: DivProps) {
  return <div data-slot="card-content" className={cn('p-6 pt-0', className)} {...props} />;
}

/** Bottom row of a card, usually actions. */
export function CardFooter({ className, ...props }: DivProps) {
  return <div data-slot="card-footer" className={cn('flex items-center p-6 pt-0', className)} {...props} />;
}
