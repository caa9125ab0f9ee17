// The browser journeys' path lists (tests/support/routes.ts) are the app's own route table: a screen
// added to src/app/routes.tsx and not to the lists fails here, not silently unchecked in a browser.
import { describe, expect, it } from 'vitest';
import { SCREENS } from '@/app/routes';
import { SCREEN_PATHS, SPEC_ROUTES } from '../../support/routes';

describe("the browser journeys' route lists", () => {
  it('the every-route list holds every path of the table, /force-login visited apart', () => {
    const table = SCREENS.flatMap((screen) => screen.paths).filter((p) => p !== '/force-login');
    expect([...SPEC_ROUTES].sort()).toEqual([...table].sort());
  });

  it("the accessibility journey's list holds each screen's own path once, in the table's order", () => {
    const own = SCREENS.map((screen) => screen.paths[0]!).filter((p) => p !== '/force-login');
    expect([...SCREEN_PATHS]).toEqual(own);
  });
});
