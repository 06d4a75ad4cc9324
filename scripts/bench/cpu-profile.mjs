// Preloaded into a service (`node --import`) by `BENCH_OPS_PROFILE=<dir> npm run bench:admin`: records a
// V8 CPU profile from start to exit and writes it to CPU_PROFILE_DIR as <pid>.cpuprofile (open it in
// Chrome DevTools or speedscope). Node refuses `--cpu-prof` in NODE_OPTIONS, the one way settings reach
// a service of the stack, hence this.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.start');
// An in-process session answers synchronously, so the profile is written before the process ends.
process.on('exit', () => {
  session.post('Profiler.stop', (err, result) => {
    if (err) console.error(`cpu-profile: ${err.message}`);
    else
      writeFileSync(
        path.join(process.env.CPU_PROFILE_DIR ?? '.', `${process.pid}.cpuprofile`),
        JSON.stringify(result.profile),
      );
  });
});
