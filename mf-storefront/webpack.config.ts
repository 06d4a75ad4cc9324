import { remoteBuild } from '@mastering/ui/build';

// Remote of the storefront team: home, upload, login and the payment outcome pages.
// Its container name, dev port and exposed modules are its entry in REMOTE_APPS (@mastering/contracts).
export default remoteBuild('storefront', import.meta.dirname);
