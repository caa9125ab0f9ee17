// Whose conversation a request belongs to. The owner's devices (the first device and those paired to it,
// or every Apple device under OWNER_DEVICE_POLICY=apple) are one person: they share one log and one
// memory, so a reply made for the phone can be pulled on the laptop. Everyone else has their own.
import type { Viewer } from '../auth/auth-service';

export const OWNER_ACCOUNT = 'owner';

export function accountOf(viewer: Viewer): string {
  return viewer.user.role === 'owner' ? OWNER_ACCOUNT : `user:${viewer.user.id}`;
}
