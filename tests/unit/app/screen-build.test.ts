// The server's system tree tells 'development' from 'active' by src/domain/screen-build.ts; this keeps
// that list equal to the route table's 'not built' screens, so the tree never calls a missing screen built.
import { describe, expect, it } from 'vitest';
import { SCREENS } from '@/app/routes';
import { NOT_BUILT_SCREENS } from '@/domain/screen-build';

describe('the shared list of screens not built', () => {
  it("is exactly the route table's 'not built' paths (build a screen: remove its paths there)", () => {
    const marked = SCREENS.filter((screen) => screen.notBuilt).flatMap((screen) => screen.paths);
    expect([...NOT_BUILT_SCREENS].sort()).toEqual([...marked].sort());
  });

  it('no longer holds the system features page, which this issue built', () => {
    expect(NOT_BUILT_SCREENS).not.toContain('/system-features');
  });

  it('no longer holds sync control, which issue 18 built', () => {
    expect(NOT_BUILT_SCREENS).not.toContain('/sync-control');
  });
});
