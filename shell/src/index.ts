import { preloadPageRemote } from './remotes/early-remotes';

// The page's remote is asked for now, while the shared modules (React) load, not after them.
preloadPageRemote(window.location.pathname);
// Async boundary: lets the federation runtime set up shared singletons before React loads.
import('./bootstrap');
