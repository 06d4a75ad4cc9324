import { type ComponentType, use } from 'react';

/**
 * A page a remote exposes: a component, usually made by lazyPage, whose `load()` fetches its code
 * ahead of rendering (the shell waits for it before revealing the page, see shell/src/remotes/remote-page.tsx).
 */
type LoadablePage = ComponentType & { load?: () => Promise<unknown> };

/**
 * What every remote exposes as `./routes`: page key -> page (made by lazyPage).
 * The shell's routing table decides the URL of each page key; a page reads its URL
 * parameters with react-router's hooks.
 */
export type RemotePages = Readonly<Record<string, LoadablePage>>;

/** The module shape of a remote's `./routes`. */
export interface RemoteRoutesModule {
  pages: RemotePages;
}

/**
 * A page whose code loads on first use, as React.lazy, with `load()` to ask for that code ahead and
 * know when it is in. Until then it suspends; once loaded it renders at once, never suspending again.
 * A failed load is not kept: the next render or `load()` tries again.
 */
export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
): ComponentType & { load: () => Promise<ComponentType> } {
  let Loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const ensure = () => {
    loading ??= load().then(
      (module) => (Loaded = module.default),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page when a remote's page map is built (as React.lazy), never inside a render
  function LazyPage() {
    const Page = Loaded ?? use(ensure());
    return <Page />;
  }
  return Object.assign(LazyPage, { load: ensure });
}
