import { renderStandalone } from '@mastering/ui';
import { pages } from './routes';

// Standalone development page (`npm run dev -w mf-storefront`); the shell never loads this file.
renderStandalone({
  remote: 'mf_storefront',
  title: 'Storefront',
  pages,
  paths: { home: '/', 'payment-success': '/payment/success', 'payment-cancelled': '/payment/cancelled', 'payment-failed': '/payment/failed' },
});
