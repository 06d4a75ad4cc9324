import '@mastering/ui/styles.css';
// Emitted as /audio/placeholder.wav (PLACEHOLDER_AUDIO_URL): the player's audio for a missing version.
import './audio/placeholder.wav';
import { createQueryClient } from '@mastering/ui/core';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SiteApp } from './app';
import { startFederation } from './remotes/federation';
import { prefetchPageReads } from './routes';

// The remotes list (asked for by the entry, index.ts) is registered when it arrives, but nothing waits
// for it: the frame renders at once and each remote page waits for its own remote.
startFederation();
const queryClient = createQueryClient();
const root = document.getElementById('root')!;
const app = <SiteApp client={queryClient} router={(routes) => <BrowserRouter>{routes}</BrowserRouter>} />;

// The page's first data is asked for now too, beside its code, not once its code has run.
prefetchPageReads(queryClient, window.location.pathname, window.location.search);

// A page prerendered at build time (scripts/prerender.ts) already shows its first screen: React takes
// that HTML over, and the page's part of it stays as it is until the remote's code has arrived. Either
// way the first render is a transition, which React splits into slices of a few milliseconds between
// which the browser paints and answers taps; at default priority it is one task, on a slow phone
// hundreds of milliseconds long.
startTransition(() => {
  if (root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
