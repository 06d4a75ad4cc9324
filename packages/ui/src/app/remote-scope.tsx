import { createContext, useContext, type ReactNode } from 'react';
import { REMOTE_SCOPE_ATTRIBUTE } from './remote-scope-attribute';

const RemoteScopeContext = createContext<string | undefined>(undefined);

/**
 * Marks the part of the page a remote renders (`data-remote="<container name>"`). The remote's
 * stylesheet only applies inside it (see build/scope-remote-css.ts); `display: contents` keeps
 * the wrapper out of the layout.
 */
export function RemoteScope({ name, children }: { name: string; children: ReactNode }) {
  return (
    <RemoteScopeContext.Provider value={name}>
      <div {...{ [REMOTE_SCOPE_ATTRIBUTE]: name }} className="contents">
        {children}
      </div>
    </RemoteScopeContext.Provider>
  );
}

/**
 * Attributes that put portalled content (dialogs render under <body>) back into the scope of the
 * remote that opened it, so the remote's own classes still apply there.
 */
export function useRemoteScopeAttributes(): Record<string, string> {
  const name = useContext(RemoteScopeContext);
  return name ? { [REMOTE_SCOPE_ATTRIBUTE]: name } : {};
}
