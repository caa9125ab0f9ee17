// Browser APIs the app must not call unguarded: absent in Safari 16.0 (WPE 2.38, checked there) or in
// every Safari (docs/webkit.md). eslint.config.js forbids them in src/ and sw/.
const safari = (name, since) =>
  since
    ? `${name} is absent before Safari ${since} (Kiri supports Safari 16): feature-detect it (docs/webkit.md).`
    : `${name} is absent in every Safari: feature-detect it and give the owner a way without it (docs/webkit.md).`;

export default {
  globals: [
    { name: 'requestIdleCallback', message: safari('requestIdleCallback') },
    { name: 'cancelIdleCallback', message: safari('cancelIdleCallback') },
    { name: 'scheduler', message: safari('scheduler (scheduler.yield, postTask)') },
    { name: 'SyncManager', message: safari('Background Sync (SyncManager)') },
    { name: 'PeriodicSyncManager', message: safari('Periodic Background Sync') },
    { name: 'BeforeInstallPromptEvent', message: safari('beforeinstallprompt') },
  ],
  properties: [
    { object: 'window', property: 'requestIdleCallback', message: safari('requestIdleCallback') },
    { object: 'self', property: 'requestIdleCallback', message: safari('requestIdleCallback') },
    {
      object: 'Promise',
      property: 'withResolvers',
      message: safari('Promise.withResolvers', '17.4'),
    },
    { object: 'Object', property: 'groupBy', message: safari('Object.groupBy', '17.4') },
    { object: 'Map', property: 'groupBy', message: safari('Map.groupBy', '17.4') },
    { object: 'Array', property: 'fromAsync', message: safari('Array.fromAsync', '16.4') },
    { object: 'AbortSignal', property: 'any', message: safari('AbortSignal.any', '17.4') },
  ],
};
