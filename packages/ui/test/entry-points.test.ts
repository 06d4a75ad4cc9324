// @vitest-environment jsdom
// The full entry re-exports every value of core by name (a federation constraint, see src/index.ts):
// this is the check that a value added to core.ts is not forgotten there.
import * as core from '@mastering/ui/core';
import * as full from '@mastering/ui';
import { describe, expect, it } from 'vitest';

describe('@mastering/ui entry points', () => {
  it('the full entry hands out every value of core, the same one', () => {
    const missing = Object.keys(core).filter(
      (name) => (full as Record<string, unknown>)[name] !== (core as Record<string, unknown>)[name],
    );
    expect(missing).toEqual([]);
  });
});
