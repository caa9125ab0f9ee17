import { describe, expect, it } from 'vitest';
import { readPermissionOf } from '@/domain/area-permissions';

describe("rule 'what reading an area needs' (the table the server enforces)", () => {
  it('an area of a permission names it, for any call below its mount path', () => {
    expect(readPermissionOf('/api/consciousness/status')).toBe('consciousness');
    expect(readPermissionOf('/api/soul-awakening-status')).toBe('memory_threading');
    expect(readPermissionOf('/api/presence-system-tree/status')).toBe('presence_engine');
    expect(readPermissionOf('/api/manual-console/status')).toBe('infrastructure');
    expect(readPermissionOf('/api/mirror-sync/status')).toBe('mirror_bridge');
    expect(readPermissionOf('/api/fallback-system/status')).toBe('chat');
    expect(readPermissionOf('/api/memory-lattice/search?query=ana')).toBe('memory_threading');
  });

  it('an area any session or anyone may read needs none; a path in no area, none to ask by', () => {
    expect(readPermissionOf('/api/health')).toBeNull();
    expect(readPermissionOf('/api/auth/status')).toBeNull();
    expect(readPermissionOf('/api/build-rundown')).toBeNull();
    expect(readPermissionOf('/api/not-an-area/x')).toBeNull();
    expect(readPermissionOf('/assets/app.js')).toBeNull();
  });
});
