// How the shell's page starts its code. The template (shell/src/index.html) only preloads the entry
// scripts (`<link rel="preload" as="script" data-app-entry>`, so they download while the HTML parses)
// and ends its body with this script, which runs them.

/** The attribute that marks the entry scripts' preload links, which the start script runs. */
export const APP_ENTRY_ATTRIBUTE = 'data-app-entry';

/** How long a prerendered page waits for its first paint to be reported before it starts anyway. */
export const PAINT_WAIT_LIMIT_MS = 2000;

/**
 * Inline script at the end of the shell's `<body>`: runs the entry scripts the page preloads, in order.
 * A page prerendered at build time (its `#root` already holds its first screen) runs them only once the
 * browser reports its first contentful paint: that screen is then on the glass before the app's code is
 * parsed and run (on a slow phone, hundreds of milliseconds of main-thread work that a deferred script
 * may do before the first frame). Every other page, a hidden tab (it reports no paint until shown), and
 * a browser without paint timing start at once; a paint not reported within PAINT_WAIT_LIMIT_MS starts
 * them too. Lighthouse counts every script run before the paint as blocking it: with `defer`, the
 * simulated LCP of `/` swung from 1.8 to 2.9 s with how far the scripts got before the frame.
 */
export function appStartScript(): string {
  return (
    '(function(){var started=false;' +
    'function start(){if(started)return;started=true;' +
    `var links=document.querySelectorAll('link[${APP_ENTRY_ATTRIBUTE}]');` +
    "for(var i=0;i<links.length;i++){var s=document.createElement('script');s.src=links[i].href;s.async=false;document.head.appendChild(s)}}" +
    "var root=document.getElementById('root');var P=window.PerformanceObserver;" +
    "if(!root||!root.firstElementChild||document.visibilityState==='hidden'||!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf('paint')<0)return start();" +
    "new P(function(list){if(list.getEntriesByName('first-contentful-paint').length)start()}).observe({type:'paint',buffered:true});" +
    `setTimeout(start,${PAINT_WAIT_LIMIT_MS})})()`
  );
}
