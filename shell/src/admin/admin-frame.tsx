import {
  ADMIN_CONSOLE,
  initials,
  displayName,
  MOBILE_BREAKPOINT_PX,
  ROLE_LABELS,
  type SessionUser,
} from '@mastering/contracts';
import { Badge, Button, buttonVariants, cn, Sheet } from '@mastering/ui';
import { ThemeMenu } from '@mastering/ui/theme-menu';
import { ExternalLink, LogOut, PanelLeft, Wrench } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { signOut } from '../session/session';
import type { AdminNavItem } from './admin-nav';
import { SidebarContent } from './admin-sidebar';
import { isSidebarShortcut, readSidebarExpanded, sidebarCookie } from './sidebar-state';
import { useMediaQuery } from './use-media-query';

export interface AdminFrameProps {
  menu: readonly AdminNavItem[];
  quickAccess: readonly AdminNavItem[];
  user: SessionUser;
}

/**
 * The back-office frame around every admin page: sidebar (expanded 20rem / collapsed 4rem, Ctrl/Cmd+B,
 * remembered in a cookie; a slide-in sheet below MOBILE_BREAKPOINT_PX) and the header. Pages render in the outlet.
 */
export function AdminFrame({ menu, quickAccess, user }: AdminFrameProps) {
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  const [expanded, setExpanded] = useState(() => readSidebarExpanded(document.cookie));
  const [sheetOpen, setSheetOpen] = useState(false);
  const location = useLocation();

  const toggle = useCallback(() => {
    if (isMobile) {
      setSheetOpen((open) => !open);
      return;
    }
    const next = !expanded;
    // biome-ignore lint/suspicious/noDocumentCookie: one plain preference cookie; the Cookie Store API is missing in Firefox and Safari
    document.cookie = sidebarCookie(next);
    setExpanded(next);
  }, [isMobile, expanded]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  // Picking a page in the mobile sheet closes it.
  useEffect(() => setSheetOpen(false), [location.pathname]);

  return (
    <div className="flex min-h-screen bg-background">
      {!isMobile && (
        <aside
          data-testid="admin-sidebar"
          data-state={expanded ? 'expanded' : 'collapsed'}
          className="sticky top-0 h-screen shrink-0 overflow-hidden border-r border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200 ease-out"
          style={{ width: expanded ? '20rem' : '4rem' }}
        >
          <SidebarContent menu={menu} quickAccess={quickAccess} expanded={expanded} />
        </aside>
      )}
      {isMobile && (
        <Sheet open={sheetOpen} onClose={() => setSheetOpen(false)} title={ADMIN_CONSOLE} side="left">
          <div data-testid="admin-sidebar" data-state="expanded" className="h-full">
            <SidebarContent menu={menu} quickAccess={quickAccess} expanded />
          </div>
        </Sheet>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <AdminHeader user={user} onToggle={toggle} sidebarOpen={isMobile ? sheetOpen : expanded} />
        <main className="flex-1 p-4 md:p-6 lg:p-8" data-testid="admin-main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

function AdminHeader({
  user,
  onToggle,
  sidebarOpen,
}: {
  user: SessionUser;
  onToggle: () => void;
  sidebarOpen: boolean;
}) {
  return (
    <header
      data-testid="admin-header"
      className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b border-border bg-background/85 px-3 backdrop-blur md:px-4"
    >
      <Button
        variant="ghost"
        size="icon"
        data-testid="sidebar-toggle"
        aria-label="Toggle sidebar"
        aria-expanded={sidebarOpen}
        title="Toggle sidebar (Ctrl+B)"
        onClick={onToggle}
      >
        <PanelLeft aria-hidden />
      </Button>
      <div className="ml-auto flex items-center gap-1 md:gap-2">
        <Link to="/" className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }))} title="View Site">
          <ExternalLink aria-hidden />
          <span className="hidden sm:inline">View Site</span>
        </Link>
        <Link
          to="/admin/files"
          className={cn(buttonVariants({ variant: 'outline', size: 'sm' }))}
          title="Engineer Dashboard"
        >
          <Wrench aria-hidden />
          <span className="hidden sm:inline">Engineer Dashboard</span>
        </Link>
        <ThemeMenu />
        <div className="ml-1 hidden items-center gap-2 border-l border-border pl-3 md:flex" data-testid="admin-user">
          <span className="flex size-8 items-center justify-center rounded-full bg-primary/15 text-xs font-semibold text-primary uppercase">
            {initials(displayName(user))}
          </span>
          <span className="flex flex-col leading-tight">
            <span className="max-w-40 truncate text-sm font-medium">{displayName(user)}</span>
            <span className="max-w-40 truncate text-xs text-muted-foreground">{user.email}</span>
          </span>
          <Badge variant="secondary">{ROLE_LABELS[user.role]}</Badge>
        </div>
        <Button variant="ghost" size="sm" data-testid="sign-out" onClick={() => void signOut()} title="Sign out">
          <LogOut aria-hidden />
          <span className="hidden lg:inline">Sign out</span>
        </Button>
      </div>
    </header>
  );
}
