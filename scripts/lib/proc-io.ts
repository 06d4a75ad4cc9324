// What a process has read, from Linux's /proc: how the bench and the S3 journey tell that a service carried
// no upload bytes without a counter of their own in the service.
import { readFileSync } from 'node:fs';

/** Bytes process `pid` has read through system calls so far (sockets included): /proc/<pid>/io's rchar. */
export const bytesRead = (pid: number) =>
  Number(/rchar:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0);
