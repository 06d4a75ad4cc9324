import { z } from 'zod';

// The federated front end, named once: each remote's webpack build, its standalone dev page, the
// shell's routing table and the gateway's /mf/remotes.json all read this manifest.

/** The module every remote exposes: its page map (`{ pages }`, see @mastering/ui RemotePages). */
export const ROUTES_MODULE = './routes';

/** One remote app: federation container name, folder, dev server port, exposed modules. */
export interface RemoteApp {
  /** Short key the shell's routing table uses. */
  readonly id: string;
  /** Federation container name (also the scope of its stylesheet). */
  readonly name: string;
  /** Folder of the workspace; its build is served from `/mf/<dir>/`. */
  readonly dir: string;
  /** Port of `npm run dev` in that folder. */
  readonly devPort: number;
  /** Name of its standalone development page. */
  readonly title: string;
  /** Exposed module -> source file. */
  readonly exposes: Readonly<Record<string, string>>;
}

const routesOnly = { [ROUTES_MODULE]: './src/routes.tsx' } as const;

/** The four remotes, each owned by one team. */
export const REMOTE_APPS = [
  {
    id: 'storefront',
    name: 'mf_storefront',
    dir: 'mf-storefront',
    devPort: 3001,
    title: 'Storefront',
    exposes: routesOnly,
  },
  {
    id: 'ops',
    name: 'mf_admin_ops',
    dir: 'mf-admin-ops',
    devPort: 3002,
    title: 'Admin operations',
    exposes: routesOnly,
  },
  {
    id: 'content',
    name: 'mf_admin_content',
    dir: 'mf-admin-content',
    devPort: 3003,
    title: 'Admin content',
    exposes: routesOnly,
  },
  {
    id: 'email',
    name: 'mf_admin_email',
    dir: 'mf-admin-email',
    devPort: 3004,
    title: 'Admin email',
    exposes: routesOnly,
  },
] as const satisfies readonly RemoteApp[];
export type RemoteId = (typeof REMOTE_APPS)[number]['id'];
export type RemoteName = (typeof REMOTE_APPS)[number]['name'];

/** The host app: served at `/`, loads the remotes at run time. */
export const SHELL_APP = { name: 'shell', dir: 'shell', devPort: 3000 } as const;

/**
 * Where, in the shell's dist, the build writes the HTML of a page prerendered at `pathname`
 * (scripts/prerender.ts); the gateway sends that file for the path when there is one.
 */
export function prerenderedPageFile(pathname: string): string {
  return `prerendered/${pathname === '/' ? 'index' : pathname.slice(1)}.html`;
}

/** The manifest entry of one remote, by id. */
export function remoteApp<I extends RemoteId>(id: I): Extract<(typeof REMOTE_APPS)[number], { id: I }> {
  return REMOTE_APPS.find((app) => app.id === id) as Extract<(typeof REMOTE_APPS)[number], { id: I }>;
}

/**
 * The file of a remote's build the shell loads it by: its federation container. The shell's runtime
 * reads no mf-manifest.json (its snapshot code is left out of the first load), so a remotes list
 * points at this file.
 */
export const REMOTE_ENTRY_FILE = 'remoteEntry.js';

/** Where the gateway publishes the remotes list. */
export const REMOTES_URL = '/mf/remotes.json';

/** One line of /mf/remotes.json: container name and the URL of its remoteEntry.js (REMOTE_ENTRY_FILE). */
// Marked pure: the shell and the remotes' builds take REMOTE_APPS from here without zod.
export const RemoteEntry = /* @__PURE__ */ z.object({
  name: /* @__PURE__ */ z.string().min(1),
  entry: /* @__PURE__ */ z.string().min(1),
});
export type RemoteEntry = z.infer<typeof RemoteEntry>;

/** GET /mf/remotes.json: where the shell loads each remote from (the gateway answers, the shell parses). */
export const RemotesManifest = /* @__PURE__ */ z.object({ remotes: /* @__PURE__ */ z.array(RemoteEntry) });
export type RemotesManifest = z.infer<typeof RemotesManifest>;

/** The default remotes list: each remote's build served by the gateway from its own folder. */
export function defaultRemotesManifest(): RemotesManifest {
  return { remotes: REMOTE_APPS.map((app) => ({ name: app.name, entry: `/mf/${app.dir}/${REMOTE_ENTRY_FILE}` })) };
}
