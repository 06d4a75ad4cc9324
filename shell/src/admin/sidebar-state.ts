import { SIDEBAR_COOKIE_DAYS } from '@mastering/contracts';

/** Cookie that remembers whether the admin sidebar is expanded (for SIDEBAR_COOKIE_DAYS). */
export const SIDEBAR_COOKIE = 'sidebar_state';
const SIDEBAR_COOKIE_MAX_AGE = SIDEBAR_COOKIE_DAYS * 24 * 60 * 60;

/** Whether the sidebar starts expanded, from `document.cookie`; expanded unless the cookie says false. */
export function readSidebarExpanded(cookie: string): boolean {
  const match = cookie.split(/;\s*/).find((part) => part.startsWith(`${SIDEBAR_COOKIE}=`));
  return match ? match.slice(SIDEBAR_COOKIE.length + 1) !== 'false' : true;
}

/** The `document.cookie` assignment that remembers the sidebar state for SIDEBAR_COOKIE_DAYS on the whole site. */
export function sidebarCookie(expanded: boolean): string {
  return `${SIDEBAR_COOKIE}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
}

/** True for Ctrl+B or Cmd+B, the sidebar toggle shortcut. */
export function isSidebarShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
): boolean {
  return event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}
