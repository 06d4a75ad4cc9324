import { remoteApp } from '@mastering/contracts';
import { renderStandalone } from '@mastering/ui';
import { pages } from './routes';

// Standalone development page (`npm run dev -w mf-storefront`); the shell never loads this file.
renderStandalone({
  ...remoteApp('storefront'),
  pages,
  paths: {
    home: '/',
    'payment-success': '/payment/success',
    'payment-cancelled': '/payment/cancelled',
    'payment-failed': '/payment/failed',
  },
});
