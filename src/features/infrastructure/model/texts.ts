// The infrastructure page's words. The spec shows only that features are listed as ready, pending or
// disabled (002 "Infrastructure"); the rest is ours (docs/infrastructure.md).
export const INFRASTRUCTURE_TEXT = {
  title: 'Infrastructure Status',
  back: 'Back to Chat',
  intro:
    'Each feature Kiri needs from this server and this device, checked now: ready works, pending is set up but waiting on something, disabled is not set up or turned off.',
  refresh: 'Refresh',
  refreshing: 'Checking…',
  summary: (ready: number, pending: number, disabled: number) =>
    `${ready} ready · ${pending} pending · ${disabled} disabled`,
  features: 'Features',
  loading: 'Checking the infrastructure…',
  loadFailed: 'The infrastructure status could not be read.',
  tryAgain: 'Try Again',
  deniedTitle: 'Access Restricted',
  denied:
    'The infrastructure status is for the owner, administrators and engineers (infrastructure).',
  offlineTitle: 'Offline: showing the last status read',
  offlineSince: (time: string) =>
    `The server's features as checked at ${time}; this device's storage is checked now.`,
  offlineNoData:
    'No server status has been read on this device yet; this device’s storage is checked now.',
} as const;
