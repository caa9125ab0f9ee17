// @vitest-environment jsdom
// The worker's navigation fallback answers app routes with the precached index.html; a file the server
// makes (the memory dashboard's compiled-memory.md, issue 20) and the API must reach the network.
import { describe, expect, it } from 'vitest';
import { NAVIGATION_DENYLIST } from '../../../sw/caches';

const reachesNetwork = (path: string) => NAVIGATION_DENYLIST.some((rule) => rule.test(path));

describe('the navigation fallback', () => {
  it('never answers the compiled memory file with index.html', () => {
    expect(reachesNetwork('/compiled-memory.md')).toBe(true);
    expect(reachesNetwork('/compiled-memory.md?at=1')).toBe(true);
  });

  it('answers the memory dashboard and its aliases with the app', () => {
    for (const path of ['/memory-dashboard', '/memory', '/settings/memory-logs']) {
      expect(reachesNetwork(path), path).toBe(false);
    }
  });
});
