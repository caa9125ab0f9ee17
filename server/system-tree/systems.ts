// THE table of Kiri's systems for GET /api/presence-system-tree/status (spec 001 §3 "Presence system tree"):
// each system's name, description, branch, the API paths it owns, the endpoints the spec gives it, the
// screen the spec gives it and the background job it runs. Nothing here says whether a system works: the
// tree is generated at run time from the app's real route registry and module states (system-tree.ts), so
// a system listed here with no route mounted shows as 'planned' until its routes are merged.

export const BRANCHES = [
  {
    id: 'companion',
    name: 'Companion Core',
    description: 'What the owner talks to: the chat, its memory, mood, personality and photos.',
  },
  {
    id: 'consciousness',
    name: 'Consciousness & Emergence',
    description:
      "Kiri's mind on display: the consciousness stream, the hybrid protocol, the core modules.",
  },
  {
    id: 'operations',
    name: 'Operations & Safety',
    description:
      'What keeps Kiri running and safe: access, power, maintenance, the fallback chain.',
  },
  {
    id: 'bridges',
    name: 'Bridges & Consoles',
    description: 'Tone sync, the desktop mirror, the manual console and what it drives.',
  },
] as const;

export type BranchId = (typeof BRANCHES)[number]['id'];

/**
 * How a system's background work is read: a background system's id as registered with the power
 * service (server/power/background-systems.ts: it knows what sleep and deep pause stop), or the
 * maintenance monitor's own scan, which its emergency halt stops (server/devcore).
 */
export type SystemJob = { kind: 'background'; id: string } | { kind: 'devcore-scan' };

export interface SystemDefinition {
  id: string;
  name: string;
  description: string;
  branch: BranchId;
  /**
   * The API paths the system owns: a mounted route belongs to it when its path is one of these or lies
   * below one ('/api/devcore' owns '/api/devcore/status'). Every mounted /api route belongs to exactly one
   * system (tests/server/system-tree.test.ts).
   */
  owns: readonly string[];
  /** The endpoints the spec gives it ('METHOD /path', parameters as :name): its integration level's base. */
  specEndpoints: readonly string[];
  /** The spec's screen for it (its first path in the route table), if it has one. */
  screen?: string;
  job?: SystemJob;
}

const bg = (id: string): SystemJob => ({ kind: 'background', id });

export const SYSTEMS: readonly SystemDefinition[] = [
  // ---- Companion Core ----
  {
    id: 'chat',
    name: 'Chat & Companion Engine',
    description:
      'The conversation: the local engine and the provider chain answer, the log keeps 1000 entries per account.',
    branch: 'companion',
    owns: ['/api/chat', '/api/companion', '/api/conversations'],
    specEndpoints: ['POST /api/chat', 'GET /api/conversations', 'POST /api/conversations'],
    screen: '/',
    job: bg('chat-local-engine'),
  },
  {
    id: 'memory-lattice',
    name: 'Memory Lattice',
    description:
      "Kiri's memories of the owner: search, integrity checks, daily snapshots, dreams, soul awakening.",
    branch: 'companion',
    owns: [
      '/api/memory-lattice',
      '/api/memories',
      '/api/backup',
      '/api/dreams',
      '/api/soul-awakening-status',
    ],
    specEndpoints: [
      'GET /api/memory-lattice/status',
      'GET /api/memory-lattice/search',
      'POST /api/memory-lattice/create',
      'GET /api/soul-awakening-status',
    ],
    screen: '/',
    job: bg('memory-lattice'),
  },
  {
    id: 'mood',
    name: 'Mood & Inner State',
    description:
      "The mood strip, the thought map, manja and the day's reflection, from the real conversation.",
    branch: 'companion',
    owns: ['/api/kiri', '/api/kiri-state', '/api/manja', '/api/mirror'],
    specEndpoints: ['GET /api/kiri-state', 'GET /api/kiri/state', 'GET /api/kiri/thoughtmap'],
    screen: '/',
    job: bg('daily-reflection'),
  },
  {
    id: 'personality',
    name: 'Personality',
    description: "Kiri's tone: the dimensions the owner tunes, read afresh for every reply.",
    branch: 'companion',
    owns: ['/api/personality'],
    specEndpoints: ['GET /api/personality/current', 'POST /api/personality/adjust'],
    screen: '/personality-settings',
  },
  {
    id: 'images',
    name: 'Image Sharing',
    description:
      'Photos shared in the chat: checked, cleaned, answered once, temporary ones kept 24 h.',
    branch: 'companion',
    owns: ['/api/images'],
    specEndpoints: ['POST /api/images/upload'],
    screen: '/',
  },
  {
    id: 'reminders',
    name: 'Reminders',
    description:
      "Reminders set in the chat, delivered at their time in the owner's zone, held in sleep.",
    branch: 'companion',
    owns: ['/api/reminders'],
    specEndpoints: ['GET /api/reminders', 'POST /api/reminders', 'DELETE /api/reminders/:id'],
    screen: '/sleep-mode',
    job: bg('reminders'),
  },
  {
    id: 'push',
    name: 'Push Messages',
    description:
      'The morning and evening messages and every push, through the owner’s subscriptions.',
    branch: 'companion',
    owns: ['/api/notifications'],
    specEndpoints: [
      'GET /api/notifications/public-key',
      'POST /api/notifications/subscribe',
      'POST /api/notifications/unsubscribe',
      'POST /api/notifications/test',
    ],
    screen: '/sleep-mode',
    job: bg('morning-greeting'),
  },
  // ---- Consciousness & Emergence ----
  {
    id: 'consciousness-stream',
    name: 'Consciousness Stream',
    description:
      'Entries gathered each cycle from real sources: sentiment, the sky, holidays, feeds.',
    branch: 'consciousness',
    owns: ['/api/consciousness'],
    specEndpoints: [
      'GET /api/consciousness/status',
      'GET /api/consciousness/data',
      'POST /api/consciousness/trigger',
    ],
    screen: '/consciousness',
  },
  {
    id: 'hybrid-protocol',
    name: 'Hybrid AI Protocol',
    description: 'Encryption at rest, the local fallback, web awareness and what the chain can do.',
    branch: 'consciousness',
    owns: [
      '/api/hybrid-protocol-status',
      '/api/advanced-capabilities-status',
      '/api/hybrid-protocol-config',
    ],
    specEndpoints: [
      'GET /api/hybrid-protocol-status',
      'GET /api/advanced-capabilities-status',
      'POST /api/hybrid-protocol-config',
    ],
    screen: '/hybrid-dashboard',
  },
  {
    id: 'core-modules',
    name: 'Core Systems Modules',
    description:
      'The ~21 module endpoints the core systems dashboard tests, each from a real subsystem.',
    branch: 'consciousness',
    owns: [
      '/api/hybrid-core',
      '/api/self-evolve',
      '/api/emergence',
      '/api/mirror-interface',
      '/api/emotion-sync',
      '/api/presence-compass',
      '/api/whisper-bubble',
      '/api/memory-shard',
      '/api/hush-agent',
      '/api/soul-frame',
      '/api/hush-config',
      '/api/presence/autonomous-messages',
      '/api/presence/drift-spark',
      '/api/presence/slipstream-health',
      '/api/presence/emotional-mirror',
      '/api/presence/mindmap',
      '/api/presence/guardian-shield',
      '/api/dream-trigger',
      '/api/imagination',
      '/api/lumora',
    ],
    specEndpoints: [
      'GET /api/hybrid-core/status',
      'GET /api/self-evolve/status',
      'GET /api/emergence/status',
      'GET /api/mirror-interface/status',
      'GET /api/emotion-sync/status',
      'GET /api/presence-compass/status',
      'GET /api/whisper-bubble/active',
      'GET /api/memory-shard/stats',
      'GET /api/hush-agent/status',
      'GET /api/soul-frame/status',
      'GET /api/hush-config/status',
      'GET /api/presence/autonomous-messages',
      'GET /api/presence/drift-spark',
      'GET /api/presence/slipstream-health',
      'GET /api/presence/emotional-mirror',
      'GET /api/presence/mindmap',
      'GET /api/presence/guardian-shield',
      'GET /api/dream-trigger/status',
      'GET /api/imagination/status',
      'GET /api/lumora/status',
      'POST /api/self-evolve/test-pulse',
      'POST /api/emergence/initiate',
    ],
    screen: '/core-systems',
  },
  {
    id: 'system-tree',
    name: 'Presence System Tree',
    description: "This map: generated from the server's route registry and its modules' states.",
    branch: 'consciousness',
    owns: ['/api/presence-system-tree'],
    specEndpoints: ['GET /api/presence-system-tree/status'],
    screen: '/system-features',
  },
  {
    id: 'mood-engine',
    name: 'Mood Engine Monitor',
    description: 'The presence state, set by hand or ticked, as the mood engine monitor shows it.',
    branch: 'consciousness',
    owns: ['/api/presence/state', '/api/presence/set-mood', '/api/presence/tick'],
    specEndpoints: [
      'GET /api/presence/state',
      'POST /api/presence/set-mood',
      'POST /api/presence/tick',
    ],
    screen: '/presence',
    job: bg('presence-mood'),
  },
  {
    id: 'presence-hub',
    name: 'Presence Hub',
    description: 'Detection, emergency alerts and the presence execution console.',
    branch: 'consciousness',
    owns: ['/api/presence-hub', '/api/presence-execution'],
    specEndpoints: [
      'GET /api/presence-hub/status',
      'POST /api/presence-hub/trigger-detection',
      'POST /api/presence-hub/emergency-alert',
      'GET /api/presence-execution/status',
      'POST /api/presence-execution/execute',
      'POST /api/presence-execution/autonomous-task',
      'GET /api/presence-execution/rollback',
    ],
    screen: '/presence-hub',
  },
  // ---- Operations & Safety ----
  {
    id: 'access',
    name: 'Access & Roles',
    description:
      'The access code, sessions, owner devices and pairing, registration, roles and permissions.',
    branch: 'operations',
    owns: ['/api/health', '/api/auth', '/api/users', '/api/admin', '/api/sidebar-layout'],
    specEndpoints: [
      'GET /api/auth/status',
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'GET /api/auth/device-check',
      'GET /api/users/check-registration',
      'POST /api/users/register',
      'GET /api/admin/users',
      'POST /api/admin/users/:id/promote',
      'DELETE /api/admin/users/:id',
      'GET /api/admin/user-restrictions',
      'POST /api/admin/user-restrictions',
      'GET /api/sidebar-layout',
      'POST /api/sidebar-layout',
      'DELETE /api/sidebar-layout',
    ],
    screen: '/user-restriction-mode',
  },
  {
    id: 'power',
    name: 'Sleep & Deep Pause',
    description: 'Sleep, deep pause and voice wake: what they hold and what they stop.',
    branch: 'operations',
    owns: ['/api/sleep-mode'],
    specEndpoints: [
      'GET /api/sleep-mode/status',
      'POST /api/sleep-mode/enable',
      'POST /api/sleep-mode/voice-wake',
    ],
    screen: '/sleep-mode',
  },
  {
    id: 'devcore',
    name: 'DevCore Maintenance Monitor',
    description:
      "The hourly integrity scan of DATA_DIR's files, the health metrics and the emergency halt.",
    branch: 'operations',
    owns: ['/api/devcore'],
    specEndpoints: ['GET /api/devcore/status', 'POST /api/devcore/manual-scan'],
    job: { kind: 'devcore-scan' },
  },
  {
    id: 'fallback',
    name: 'Fallback System',
    description: 'The provider chain in priority order, the local engine always last.',
    branch: 'operations',
    owns: ['/api/fallback-system'],
    specEndpoints: ['GET /api/fallback-system/status'],
    screen: '/system-features',
  },
  {
    id: 'error-test',
    name: 'Error Handling Test',
    description: 'Real failures on demand, to see how every screen handles them.',
    branch: 'operations',
    owns: ['/api/error-test'],
    specEndpoints: [],
    screen: '/error-test',
  },
  {
    id: 'system-health',
    name: 'System Health',
    description:
      "Uptime, memory, the store files, request timings and the server's recent errors (settings pages).",
    branch: 'operations',
    owns: ['/api/system-health', '/api/server-errors'],
    specEndpoints: [],
    screen: '/settings/system-health',
  },
  {
    id: 'scanbot',
    name: 'ScanBot Auto-Repair',
    description: 'File watching and automatic repair.',
    branch: 'operations',
    owns: ['/api/scanbot'],
    specEndpoints: [
      'GET /api/scanbot/status',
      'GET /api/scanbot/logs',
      'POST /api/scanbot/scan',
      'POST /api/scanbot/add-file',
      'DELETE /api/scanbot/remove-file/:filename',
    ],
    screen: '/scanbot-control',
  },
  {
    id: 'sync-control',
    name: 'Weekly Deep Sync',
    description: 'The weekly deep sync and the bloom sync.',
    branch: 'operations',
    owns: ['/api/weekly-sync', '/api/bloom-sync'],
    specEndpoints: [
      'GET /api/weekly-sync/status',
      'POST /api/weekly-sync/start',
      'POST /api/bloom-sync/trigger',
    ],
    screen: '/sync-control',
  },
  {
    id: 'analytics',
    name: 'Monitoring & Analytics',
    description:
      'The conversation in charts: messages by day and hour, reply latency, providers, pushes.',
    branch: 'operations',
    owns: ['/api/analytics'],
    specEndpoints: [],
    screen: '/settings/analytics',
  },
  {
    id: 'build-history',
    name: 'Build History',
    description: 'The build rundown and its statistics.',
    branch: 'operations',
    owns: ['/api/build-rundown'],
    specEndpoints: ['GET /api/build-rundown/builds', 'GET /api/build-rundown/stats'],
    screen: '/build-rundown',
  },
  {
    id: 'generosity',
    name: 'Generosity Engine',
    description: 'The generosity engine’s status and statistics.',
    branch: 'operations',
    owns: ['/api/generosity'],
    specEndpoints: ['GET /api/generosity/status', 'GET /api/generosity/stats'],
    screen: '/generosity',
  },
  {
    id: 'infrastructure',
    name: 'Infrastructure Status',
    description:
      'Whether push, the providers, HTTPS, storage, backups, feeds and encryption at rest are ready.',
    branch: 'operations',
    owns: ['/api/infrastructure'],
    // The spec names no call for it ("its exact content is not shown"): its one route is ours.
    specEndpoints: [],
    screen: '/infrastructure',
  },
  // ---- Bridges & Consoles ----
  {
    id: 'whisperbridge',
    name: 'WhisperBridge Lite',
    description: 'Tone sync between the two personas: training entries, mirror prompts, settings.',
    branch: 'bridges',
    owns: ['/api/whisperbridge-lite'],
    specEndpoints: [
      'GET /api/whisperbridge-lite/status',
      'GET /api/whisperbridge-lite/sync-entries',
      'GET /api/whisperbridge-lite/guide',
      'POST /api/whisperbridge-lite/add-sync',
      'POST /api/whisperbridge-lite/mirror-prompt',
      'PUT /api/whisperbridge-lite/config',
    ],
    screen: '/whisperbridge',
  },
  {
    id: 'mirror-bridge',
    name: 'Mirror Bridge',
    description:
      'The desktop folder-sync: chat exports imported once, the conversation mirrored to git.',
    branch: 'bridges',
    owns: ['/api/mirror-bridge', '/api/mirror-sync'],
    specEndpoints: [
      'GET /api/mirror-bridge/status',
      'GET /api/mirror-bridge/logs',
      'POST /api/mirror-bridge/start',
      'POST /api/mirror-bridge/stop',
      'POST /api/mirror-bridge/sync',
      'GET /api/mirror-sync/status',
    ],
    screen: '/mirror-bridge',
  },
  {
    id: 'manual-console',
    name: 'Manual Console',
    description:
      'The operator console: file uploads, executions, unified memory, self-modification.',
    branch: 'bridges',
    owns: ['/api/manual-console', '/api/memory-sync', '/api/self-mod'],
    specEndpoints: [
      'GET /api/manual-console/status',
      'POST /api/manual-console/upload',
      'GET /api/manual-console/files/:fileName',
      'POST /api/manual-console/process-with-hydra',
      'GET /api/memory-sync/recent/:count',
      'GET /api/memory-sync/status',
      'POST /api/memory-sync/search',
      'GET /api/memory-sync/conversation-context',
      'POST /api/memory-sync/console-memory',
      'GET /api/self-mod/config',
      'GET /api/self-mod/greeting',
      'GET /api/self-mod/logs/:count',
      'GET /api/self-mod/python-logs/:count',
      'POST /api/self-mod/execute',
    ],
    screen: '/console',
  },
  {
    id: 'admin-system',
    name: 'Admin System Panel',
    description: 'System-modification tasks (Hydra) and version-guard snapshots with rollback.',
    branch: 'bridges',
    owns: ['/api/hydra', '/api/version-guard', '/api/admin/system-mod'],
    specEndpoints: [
      'GET /api/hydra/status',
      'GET /api/hydra/tasks/active',
      'GET /api/version-guard/status',
      'GET /api/version-guard/snapshots',
      'POST /api/admin/system-mod/execute',
      'POST /api/version-guard/rollback/:id',
    ],
    screen: '/console',
  },
  {
    id: 'memory-dashboard',
    name: 'Memory Threading Dashboard',
    description: 'The memory dashboard: stats, context and adding memories by hand.',
    branch: 'bridges',
    owns: ['/api/memory'],
    specEndpoints: ['GET /api/memory/stats', 'GET /api/memory/context', 'POST /api/memory/add'],
    screen: '/memory-dashboard',
  },
];
