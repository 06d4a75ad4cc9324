// `npm run bench`'s S3 server: the local S3 `npm start` runs (s3rver, with the browsers' CORS rule), in a
// process of its own as a real object store would be, so its work is not counted in the bench's own
// process. Forked with the TypeScript loader; sends its S3 settings to the parent once listening.
import { startLocalS3 } from '../lib/local-s3';

const { settings, stop } = await startLocalS3(process.argv[2]!, { S3_BUCKET: 'bench' });
process.send!(settings);
process.on('disconnect', () => void stop().finally(() => process.exit(0)));
