import { expect, it } from 'vitest';
import { createBufferedLogger } from '../src/logger';

it('builds the buffered logger the gateway writes its access log with (its block size is one sonic-boom accepts)', () => {
  const logger = createBufferedLogger('buffered-logger-test', 'silent');
  expect(() => logger.info({ url: '/' }, 'access')).not.toThrow();
});
