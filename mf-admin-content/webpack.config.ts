import { federatedApp } from '@mastering/ui/build';

// Remote of the content team: showcase tracks and testimonials.
export default federatedApp({
  name: 'mf_admin_content',
  dir: import.meta.dirname,
  exposes: { './routes': './src/routes.tsx' },
  devPort: 3003,
  title: 'Admin content',
});
