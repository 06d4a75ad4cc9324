import { remoteBuild } from '@mastering/ui/build';

// Remote of the email team: email testing, email templates, email campaigns.
// Its container name, dev port and exposed modules are its entry in REMOTE_APPS (@mastering/contracts).
export default remoteBuild('email', import.meta.dirname);
