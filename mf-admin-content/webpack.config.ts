import { remoteBuild } from '@mastering/ui/build';

// Remote of the content team: showcase tracks and testimonials.
// Its container name, dev port and exposed modules are its entry in REMOTE_APPS (@mastering/contracts).
export default remoteBuild('content', import.meta.dirname);
