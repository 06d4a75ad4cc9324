import {
  Tab as HeadlessTab,
  TabGroup,
  TabList as HeadlessTabList,
  TabPanel as HeadlessTabPanel,
  TabPanels,
} from '@headlessui/react';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

/** Groups a tab list and its panels (headlessui TabGroup); arrow keys move between tabs. */
export const Tabs = TabGroup;
/** Container of the tab panels. */
export { TabPanels };

/** The row of tab buttons. */
export function TabList({ className, ...props }: ComponentProps<typeof HeadlessTabList>) {
  return (
    <HeadlessTabList
      className={cn(
        'inline-flex h-10 items-center gap-1 rounded-lg bg-muted p-1 text-muted-foreground',
        className as string,
      )}
      {...props}
    />
  );
}

/** One tab button; the selected one is highlighted through `data-selected`. */
export function Tab({ className, ...props }: ComponentProps<typeof HeadlessTab>) {
  return (
    <HeadlessTab
      className={cn(
        'inline-flex cursor-pointer items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-all outline-none',
        'data-focus:ring-2 data-focus:ring-ring data-hover:text-foreground data-selected:bg-background data-selected:text-foreground data-selected:shadow-sm',
        className as string,
      )}
      {...props}
    />
  );
}

/** The content shown for one tab. */
export function TabPanel({ className, ...props }: ComponentProps<typeof HeadlessTabPanel>) {
  return <HeadlessTabPanel className={cn('mt-4 outline-none', className as string)} {...props} />;
}
