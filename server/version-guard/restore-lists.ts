// Which of DATA_DIR's store files a rollback takes back (docs/system-control.md "What a rollback
// restores"). A snapshot copies every JSON file; a rollback restores Kiri's state only. DESIGN.md's
// data-loss rule: nothing the owner typed or shared is ever lost, and a rollback must not log out the
// operator who pressed it. Every store file is in exactly one list (tests/server/version-guard.test.ts
// fails on a store file in neither), so a store added later is classified on purpose.

/** Kiri's state and the operator tools' settings: taken back to the snapshot. */
export const RESTORED_FILES: Readonly<Record<string, string>> = {
  'memory.json': 'the memory lattice: what Kiri remembers',
  'personality.json': "Kiri's personality (current, baseline, tone)",
  'mood.json': "Kiri's mood and thought map",
  'consciousness.json': "the consciousness stream's entries and its sources' settings",
  'presence-mood.json': "the mood engine's mood, target, confidence, events and drift history",
  'whisperbridge.json': "WhisperBridge Lite's tone-sync pairs and settings (an operator tool)",
  'core-systems.json': "the core systems dashboard's pulses and emergences (an operator tool)",
  'sidebar-layout.json': "each account's settings-sidebar order (settings)",
  'self-mod.json':
    "the owner's greeting and its pending patches (self-modification): a rollback undoes a bad greeting",
};

/** Kept as they are now: the owner's words and photos, access, delivery and the records of what happened. */
export const KEPT_FILES: Readonly<Record<string, string>> = {
  'conversations.json':
    "the owner's conversation log and the exactly-once records: what the owner typed is never taken back",
  'images.json': 'the photos the owner shared (their files in uploads/ are never touched either)',
  'auth.json':
    'accounts, sessions and devices: restoring it would log out the operator who pressed Rollback and undo device registrations',
  'push.json': "the devices' push subscriptions",
  'reminders.json': 'reminders the owner set: the owner typed them',
  'mirror-bridge.json':
    'which chat exports were imported into the (kept) conversation log: taking it back would import them twice',
  'power.json':
    'sleep and deep pause as the owner set them now: a rollback must not wake Kiri or pause her',
  'schedule.json': "the scheduler's record of which jobs ran: taking it back would run them again",
  'devcore.json':
    "the maintenance monitor's halt switch and scan history: a record of what happened, and its timer follows the switch",
  'hybrid-protocol.json':
    'the hybrid protocol settings, among them encryption at rest: the format of every file follows it, so it changes only through its migration',
  'memory-lattice.json':
    "the catalogue of the lattice's own snapshots of memory.json and its dreams: taking it back would orphan newer memory snapshots",
  'hydra.json': 'the task history: the record of what the operator ran, this rollback included',
  'presence-hub.json':
    "the presence hub's register (cameras, staff, vehicles the operator entered) and its security events: a record of what happened, never taken back",
  'weekly-sync.json':
    "the sync daemon's switch, its next Sunday and the sync log: taking it back would run a week's sync again",
  'scanbot.json':
    "ScanBot's watched files, auto-fix contents and activity log: the files it restored are not taken back, so neither is its record of them",
  'push-log.json':
    'what became of each push sent in the last week (the Monitoring page): a record of what happened',
  'build-rundown.json':
    "the build history: Kiri's releases as the admin recorded them, a record of what happened, never taken back",
};

export type FileFate = 'restored' | 'kept' | 'unclassified';

/** Rule: fateOf. What a rollback does with a store file (by its name in DATA_DIR). */
export function fateOf(fileName: string): FileFate {
  if (Object.hasOwn(RESTORED_FILES, fileName)) return 'restored';
  if (Object.hasOwn(KEPT_FILES, fileName)) return 'kept';
  return 'unclassified';
}
