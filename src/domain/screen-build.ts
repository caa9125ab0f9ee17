// Which screens of the spec's route table are not built yet. The route table (src/app/routes.tsx) marks
// them with notBuilt(); the server cannot import the app, so its system tree (server/system-tree) reads
// this list to tell a system whose screen is missing ('development') from one that is whole ('active').
// tests/unit/app/screen-build.test.ts keeps the two equal: building a screen means removing its paths here.

export const NOT_BUILT_SCREENS: readonly string[] = [
  '/build-rundown',
  '/detailed-builds',
  '/systems',
  '/systems-overview',
  '/memory-dashboard',
  '/memory',
  '/settings/memory-logs',
  '/settings/system-health',
  '/settings/error-logs',
  '/settings/performance',
  '/settings/monitoring',
  '/settings/analytics',
];

/** Rule: a screen is built unless the route table still shows 'not built' for its path. */
export function isScreenBuilt(
  path: string,
  notBuilt: readonly string[] = NOT_BUILT_SCREENS,
): boolean {
  return !notBuilt.includes(path);
}
