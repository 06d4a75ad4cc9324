import type { AtRule, Node, Plugin, Rule } from 'postcss';
import { REMOTE_SCOPE_ATTRIBUTE } from '../src/app/remote-scope-attribute';

/** The selector of a remote's scope, e.g. `[data-remote="mf_admin_ops"]`. */
export function remoteScopeSelector(name: string): string {
  return `[${REMOTE_SCOPE_ATTRIBUTE}="${name}"]`;
}

function insideUtilitiesLayer(rule: Rule): boolean {
  for (let node: Node | undefined = rule.parent; node; node = node.parent) {
    if (node.type === 'rule') return false; // nested rule: scoped through its parent already
    if (node.type === 'atrule' && (node as AtRule).name === 'layer' && (node as AtRule).params === 'utilities')
      return true;
  }
  return false;
}

/**
 * PostCSS plugin for a remote's stylesheet: every Tailwind utility is prefixed with the remote's
 * scope selector. Each app ships its own Tailwind build; without this a remote's `.p-4` loaded
 * after the shell's stylesheet would beat the shell's `md:p-8` on the shell's own elements.
 * Prefixed, a remote's utilities apply only inside its pages and, being one class more specific,
 * win there over the shell's copies, so each app's elements follow their own stylesheet's order.
 */
export function scopeRemoteUtilities(name: string): Plugin {
  const scope = remoteScopeSelector(name);
  return {
    postcssPlugin: 'scope-remote-utilities',
    OnceExit(root) {
      root.walkRules((rule) => {
        if (!insideUtilitiesLayer(rule)) return;
        rule.selectors = rule.selectors.map((selector) => `${scope} ${selector}`);
      });
    },
  };
}
