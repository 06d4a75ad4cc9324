import { federatedApp } from '@mastering/ui/build';

// Remote of the email team: email testing, email templates, email campaigns.
export default federatedApp({
  name: 'mf_admin_email',
  dir: import.meta.dirname,
  exposes: { './routes': './src/routes.tsx' },
  devPort: 3004,
  title: 'Admin email',
});
