import { federatedApp } from '@mastering/ui/build';

// The host: served at `/`, learns where the remotes are from /mf/remotes.json at run time.
export default federatedApp({ name: 'shell', dir: import.meta.dirname, host: true, devPort: 3000, title: 'Mastering' });
