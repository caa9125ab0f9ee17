import { describe, expect, it } from 'vitest';
import { holdsPermission } from '@/domain/permissions';

describe("rule 'permission known'", () => {
  it('is known from the auth status, or unknown (null) without its list', () => {
    expect(holdsPermission(['chat', 'infrastructure'], 'infrastructure')).toBe(true);
    expect(holdsPermission(['chat'], 'system_control')).toBe(false);
    expect(holdsPermission([], 'chat')).toBe(false);
    expect(holdsPermission(undefined, 'infrastructure')).toBeNull();
  });
});
