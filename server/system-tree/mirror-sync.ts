// What GET /api/mirror-sync/status reads (spec 001 §3 "Mirror sync"): the mirror bridge's state
// (server/mirror-bridge/, issue 16), never a made-up schedule.

export interface MirrorSyncStatus {
  enabled: boolean;
  auto_sync: boolean;
  /** Minutes between automatic syncs; null when nothing syncs on a timer. */
  sync_interval_minutes: number | null;
  /** Whether a mirror bridge is configured on this server at all (a watch folder or a repository). */
  configured: boolean;
  /** Whether the mirror bridge is part of this server's build. */
  built: boolean;
}

export interface MirrorSyncSource {
  status(): MirrorSyncStatus;
}

/** The part of the mirror bridge (server/mirror-bridge/) the sync status reads. */
export interface MirrorBridgeState {
  status(): { isRunning: boolean; watchFolder: string | null; githubRepoPath: string | null };
}

/**
 * The mirror sync as the mirror bridge is: enabled when a watch folder or a repository is configured;
 * automatic while the bridge runs (it imports each export as it lands and mirrors after it, so there
 * is no timer and no interval: null).
 */
export function mirrorSyncOf(bridge: MirrorBridgeState): MirrorSyncSource {
  return {
    status: () => {
      const state = bridge.status();
      const configured = state.watchFolder !== null || state.githubRepoPath !== null;
      return {
        enabled: configured,
        auto_sync: configured && state.isRunning,
        sync_interval_minutes: null,
        configured,
        built: true,
      };
    },
  };
}
