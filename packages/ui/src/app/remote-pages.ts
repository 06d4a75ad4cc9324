import type { ComponentType } from 'react';

/**
 * What every remote exposes as `./routes`: page key -> page component (usually React.lazy).
 * The shell's routing table decides the URL of each page key; a page reads its URL
 * parameters with react-router's hooks.
 */
export type RemotePages = Readonly<Record<string, ComponentType>>;

/** The module shape of a remote's `./routes`. */
export interface RemoteRoutesModule {
  pages: RemotePages;
}
