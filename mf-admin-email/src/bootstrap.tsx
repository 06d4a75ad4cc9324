import { renderStandalone } from '@mastering/ui';
import { pages } from './routes';

// Standalone development page (`npm run dev -w mf-admin-email`); the shell never loads this file.
renderStandalone({ remote: 'mf_admin_email', title: 'Admin email', pages });
