import { federatedApp } from '@mastering/ui/build';

// Remote of the storefront team: home, upload, login and the payment outcome pages.
export default federatedApp({
  name: 'mf_storefront',
  dir: import.meta.dirname,
  exposes: { './routes': './src/routes.tsx' },
  devPort: 3001,
  title: 'Storefront',
});
