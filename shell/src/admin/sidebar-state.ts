/** Cookie that remembers whether the admin sidebar is expanded (spec: kept 7 days). */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
/** Below this width the sidebar is a slide-in sheet. */
export const MOBILE_BREAKPOINT = 768;

/** Whether the sidebar starts expanded, from `document.cookie`; expanded unless the cookie says false. */
export function readSidebarExpanded(cookie: string): boolean {
  const match = cookie.split(/;\s*/).find((part) => part.startsWith(`${SIDEBAR_COOKIE}=`));
  return match ? match.slice(SIDEBAR_COOKIE.length + 1) !== 'false' : true;
}

/** The `document.cookie` assignment that remembers the sidebar state for 7 days. */
export function sidebarCookie(expanded: boolean): string {
  return `${SIDEBAR_COOKIE}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
}

/** True for Ctrl+B or Cmd+B, the sidebar toggle shortcut. */
export function isSidebarShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}
