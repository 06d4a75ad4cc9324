// undici's connection pool on its own (see middleware/proxy.ts for why not the package's index).
declare module 'undici/lib/dispatcher/pool.js' {
  import type { Pool } from 'undici';
  const PoolClass: typeof Pool;
  export default PoolClass;
}
