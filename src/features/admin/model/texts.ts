// The page's words: the toasts are spec 002 §8 (admin); the rest is ours where the spec shows none.
import type { PermissionId } from '@/domain/permissions';
import type { AccessLevel, Role } from '@/domain/roles';

export const ADMIN_TEXT = {
  title: 'User Restriction Mode',
  subtitle: 'Decide what new users may use, and manage everyone who has logged in.',
  back: 'Back to chat',
  restrictionCard: 'Restriction Settings',
  restrictionMode: 'Restriction mode',
  restrictionOn: 'On: new users get only the default permissions below.',
  restrictionOff: 'Off: new users get every basic and advanced feature.',
  defaultsTitle: 'Default permissions for new users',
  defaultsHint: 'Applies to users who log in from now on; existing users keep what they have.',
  save: 'Save Settings',
  saving: 'Saving…',
  usersCard: 'Users',
  noUsers: 'No one has logged in yet.',
  loading: 'Loading…',
  unnamed: 'Not registered yet',
  you: 'you',
  online: 'Online',
  offline: 'Offline',
  lastAccess: 'Last access',
  device: 'Device',
  accessLevel: 'Access level',
  permissions: 'Permissions',
  allPermissions: 'All permissions',
  noPermissions: 'No permissions',
  remove: 'Remove',
  confirmRemoveTitle: (name: string) => `Remove ${name}?`,
  confirmRemoveText:
    'Their sessions end at once and this device must log in again as a new user. This cannot be undone.',
  cancel: 'Cancel',
  settingsSaved: 'Settings Saved',
  settingsFailed: 'Failed to save restriction settings',
  userPromoted: 'User Promoted',
  promoteFailed: 'Failed to promote user',
  userRemoved: 'User Removed',
  removeFailed: 'Failed to remove user',
  promotedTo: (name: string, level: AccessLevel) => `${name} is now ${LEVEL_LABEL[level]}.`,
  removedText: (name: string) => `${name} has been removed.`,
  offlineTitle: 'You are offline',
  offlineText: (when: string) =>
    `Showing the last known list, from ${when}. Changes need the server.`,
  unreachableTitle: 'The server cannot be reached',
  loadFailed: 'The list could not be loaded.',
  retry: 'Try Again',
} as const;

export const LEVEL_LABEL: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  engineer: 'Engineer',
  user: 'User',
};

/** The button that sets a level: up is a promotion, 'user' is taking it back. */
export function levelActionLabel(level: AccessLevel): string {
  return level === 'user' ? 'Make User' : `Make ${LEVEL_LABEL[level]}`;
}

export const PERMISSION_LABEL: Record<PermissionId, string> = {
  chat: 'Chat',
  screen_settings: 'Screen Settings',
  browser_bubble: 'Browser Bubble',
  memory_threading: 'Memory Threading',
  consciousness: 'Consciousness',
  presence_engine: 'Presence Engine',
  hydra_tasks: 'Hydra Tasks',
  mirror_bridge: 'Mirror Bridge',
  user_management: 'User Management',
  system_control: 'System Control',
  infrastructure: 'Infrastructure',
};
