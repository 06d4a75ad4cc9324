import { ADMIN_CONSOLE, RefundRequestCount, refundRequestCountText } from '@mastering/contracts';
import { apiJson, cn } from '@mastering/ui/core';
import { useQuery } from '@tanstack/react-query';
import { AudioWaveform } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { ADMIN_ICONS } from './admin-icons';
import type { AdminNavItem } from './admin-nav';

interface SidebarContentProps {
  menu: readonly AdminNavItem[];
  quickAccess: readonly AdminNavItem[];
  expanded: boolean;
}

function NavItem({ item, expanded }: { item: AdminNavItem; expanded: boolean }) {
  const Icon = ADMIN_ICONS[item.icon];
  return (
    <li>
      <NavLink
        to={item.to}
        end={item.to === '/admin'}
        title={expanded ? undefined : item.label}
        className={({ isActive }) =>
          cn(
            'relative flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium text-sidebar-foreground/80 transition-colors outline-none',
            'hover:bg-sidebar-accent hover:text-sidebar-foreground focus-visible:ring-2 focus-visible:ring-ring',
            isActive && 'bg-sidebar-accent text-sidebar-foreground shadow-[inset_3px_0_0_var(--primary)]',
            !expanded && 'justify-center px-0',
          )
        }
      >
        <Icon className="size-5 shrink-0" aria-hidden />
        <span className={cn('truncate', !expanded && 'sr-only')}>{item.label}</span>
        {item.countRead && <NavCount read={item.countRead} expanded={expanded} />}
      </NavLink>
    </li>
  );
}

/** How often the sidebar asks its counts again while the console is open. */
const NAV_COUNT_REFETCH_MS = 60_000;

/**
 * The count beside a sidebar link (open refund requests): nothing while it is zero or unknown, red when any
 * is overdue; a dot on the icon when the sidebar is collapsed. A screen that changes the count invalidates
 * its read (the query key is its URL), so the number follows at once.
 */
function NavCount({ read, expanded }: { read: string; expanded: boolean }) {
  const { data } = useQuery({
    queryKey: [read],
    queryFn: () => apiJson('GET', read, undefined, { schema: RefundRequestCount }),
    refetchInterval: NAV_COUNT_REFETCH_MS,
  });
  if (!data || data.open === 0) return null;
  const urgent = data.overdue > 0;
  return (
    <span
      data-testid="nav-count"
      data-overdue={urgent}
      title={refundRequestCountText(data)}
      className={cn(
        'ml-auto rounded-full px-2 text-xs leading-5 font-semibold tabular-nums',
        urgent ? 'bg-destructive text-destructive-foreground' : 'bg-primary/15 text-primary',
        !expanded && 'absolute top-1 right-1 ml-0 size-2.5 p-0 text-[0px]',
      )}
    >
      {data.open}
      <span className="sr-only"> ({refundRequestCountText(data)})</span>
    </span>
  );
}

function NavGroup({ title, items, expanded }: { title: string; items: readonly AdminNavItem[]; expanded: boolean }) {
  return (
    <nav aria-label={title} className="px-2">
      <p
        className={cn(
          'px-3 pt-4 pb-2 text-xs font-semibold tracking-wider text-sidebar-foreground/75 uppercase',
          !expanded && 'sr-only',
        )}
      >
        {title}
      </p>
      <ul className="space-y-1">
        {items.map((item) => (
          <NavItem key={item.to + item.label} item={item} expanded={expanded} />
        ))}
      </ul>
    </nav>
  );
}

/** The sidebar's inside: "Admin Console" title, the menu in the spec's order and quick access. */
export function SidebarContent({ menu, quickAccess, expanded }: SidebarContentProps) {
  return (
    <div className="flex h-full flex-col">
      <div
        className={cn(
          'flex h-16 shrink-0 items-center gap-3 border-b border-sidebar-border px-4',
          !expanded && 'justify-center px-0',
        )}
      >
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-primary to-brand-2 text-primary-foreground">
          <AudioWaveform className="size-5" aria-hidden />
        </span>
        <span className={cn('text-base font-semibold tracking-tight', !expanded && 'sr-only')}>{ADMIN_CONSOLE}</span>
      </div>
      <div className="flex-1 overflow-y-auto pb-4">
        <NavGroup title="Menu" items={menu} expanded={expanded} />
        <NavGroup title="Quick Access" items={quickAccess} expanded={expanded} />
      </div>
    </div>
  );
}
