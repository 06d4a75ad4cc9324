import { federatedApp } from '@mastering/ui/build';

// Remote of the operations team: dashboard, orders, customers, users, files, payments, analytics,
// settings and the admin view of a customer profile.
export default federatedApp({
  name: 'mf_admin_ops',
  dir: import.meta.dirname,
  exposes: { './routes': './src/routes.tsx' },
  devPort: 3002,
  title: 'Admin operations',
});
