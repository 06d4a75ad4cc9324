import { remoteApp } from '@mastering/contracts';
import { renderStandalone } from '@mastering/ui';
import { pages } from './routes';

// Standalone development page (`npm run dev -w mf-admin-ops`); the shell never loads this file.
// The profile page reads :userId, so it needs that segment in its dev URL too.
renderStandalone({ ...remoteApp('ops'), pages, paths: { profile: '/profile/:userId' } });
