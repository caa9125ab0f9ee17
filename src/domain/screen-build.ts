// Which screens of the spec's route table are not built yet. The server cannot import the app, so its
// system tree (server/system-tree) reads this list to tell a system whose screen is missing
// ('development') from one that is whole ('active'). Since issue 20 every screen of the route table is
// built and the list is empty; a screen added to the spec before it is built goes here, and
// tests/e2e/every-route.spec.ts walks the table so nothing says 'not built' while it is empty.

export const NOT_BUILT_SCREENS: readonly string[] = [];

/** Rule: a screen is built unless the route table still shows 'not built' for its path. */
export function isScreenBuilt(
  path: string,
  notBuilt: readonly string[] = NOT_BUILT_SCREENS,
): boolean {
  return !notBuilt.includes(path);
}
