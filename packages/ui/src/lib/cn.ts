import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { tailwindMergeConfig } from './tailwind-merge-config';

// twMerge with only the class groups the apps use (tailwind-merge-config.ts): the default
// configuration's other groups were most of tailwind-merge's weight on every first load.
const twMerge = createTailwindMerge(tailwindMergeConfig);

/** Joins class names and lets later Tailwind classes override earlier ones (className passthrough). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
