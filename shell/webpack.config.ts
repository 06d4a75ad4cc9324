import { shellBuild } from '@mastering/ui/build';

// The host: served at `/`, learns where the remotes are from /mf/remotes.json at run time.
export default shellBuild(import.meta.dirname);
