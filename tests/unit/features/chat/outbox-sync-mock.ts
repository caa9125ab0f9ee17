// The page's outbox triggers, stubbed for the chat's screen tests:
// vi.mock('@/lib/outbox-sync', () => import('./outbox-sync-mock')).
import { vi } from 'vitest';

export const requestReplay = vi.fn();
export const startOutboxSync = vi.fn();
export const onOutboxReplayed = vi.fn(() => () => {});
// The first replay (and its pull) has ended: the initial greeting may go.
export const hasReplayedOnce = vi.fn(() => true);
// A replay has pulled the server's conversation (the pull began at this time): the greeting may go.
export const newestPullStartedAt = vi.fn((): number | null => 1);
