import { remoteApp } from '@mastering/contracts';
import { renderStandalone } from '@mastering/ui';
import { pages } from './routes';

// Standalone development page (`npm run dev -w mf-admin-email`); the shell never loads this file.
renderStandalone({ ...remoteApp('email'), pages });
