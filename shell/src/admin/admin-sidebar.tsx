import { ADMIN_CONSOLE } from '@mastering/contracts';
import { cn } from '@mastering/ui/core';
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
            'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium text-sidebar-foreground/80 transition-colors outline-none',
            'hover:bg-sidebar-accent hover:text-sidebar-foreground focus-visible:ring-2 focus-visible:ring-ring',
            isActive && 'bg-sidebar-accent text-sidebar-foreground shadow-[inset_3px_0_0_var(--primary)]',
            !expanded && 'justify-center px-0',
          )
        }
      >
        <Icon className="size-5 shrink-0" aria-hidden />
        <span className={cn('truncate', !expanded && 'sr-only')}>{item.label}</span>
      </NavLink>
    </li>
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
