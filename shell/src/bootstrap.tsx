import '@mastering/ui/styles.css';
// Emitted as /audio/placeholder.wav (PLACEHOLDER_AUDIO_URL): the player's audio for a missing version.
import './audio/placeholder.wav';
import { AppProviders, createQueryClient, Toaster } from '@mastering/ui/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { startFederation } from './remotes/federation';
import { AppRoutes, prefetchPageReads } from './routes';

// The remotes list (asked for by the entry, index.ts) is registered when it arrives, but nothing waits
// for it: the frame renders at once and each remote page waits for its own remote.
startFederation();
// The page's first data is asked for now too, beside its code, not once its code has run.
const queryClient = createQueryClient();
prefetchPageReads(queryClient, window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Toaster />
    </AppProviders>
  </StrictMode>,
);
