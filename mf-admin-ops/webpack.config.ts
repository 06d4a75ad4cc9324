import { remoteBuild } from '@mastering/ui/build';

// Remote of the operations team: dashboard, orders, customers, users, files, payments, analytics,
// settings and the admin view of a customer profile.
// Its container name, dev port and exposed modules are its entry in REMOTE_APPS (@mastering/contracts).
export default remoteBuild('ops', import.meta.dirname);
