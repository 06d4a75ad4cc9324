// `npm run bench`'s bare upload server: a plain Node HTTP server that writes each request's body to a new
// file in the folder it is given and answers once the bytes are on the disk (fsync), as the storefront's
// storage does, with nothing else (no gateway, no checks, no database). Its throughput is the most any
// upload over HTTP can reach on the machine. Plain JavaScript, forked without a TypeScript loader;
// it sends its port to the parent once listening.
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const folder = process.argv[2];
let files = 0;
const server = createServer(async (req, res) => {
  try {
    // A 1 MB write buffer, as the storefront's local storage writes (fewer, larger writes).
    const file = path.join(folder, `bare-upload-${files++}`);
    await pipeline(req, createWriteStream(file, { flush: true, highWaterMark: 1024 * 1024 }));
    res.end();
  } catch (err) {
    res.statusCode = 500;
    res.end(String(err));
  }
});
server.listen(0, '127.0.0.1', () => process.send(server.address().port));
