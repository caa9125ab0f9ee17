// The Analytics and Monitoring pages' words (the spec names the pages only: docs/analytics.md).

export const LOCAL_PROVIDER_NAME = 'Kiri’s own engine (local)';
export const DEVICE_PROVIDER_NAME = 'Your device, offline';
export const UNKNOWN_PROVIDER_NAME = 'Not recorded (older replies)';
export const CHART_UNAVAILABLE = 'The chart could not be drawn here; the table has its numbers.';

export const ANALYTICS_TEXT = {
  title: 'Analytics',
  back: 'Back to Chat',
  intro: (days: number, zone: string) =>
    `Your conversation over the last ${days} days, by day and hour in ${zone}.`,
  loading: 'Loading your conversation’s figures…',
  loadFailed: 'The figures could not be loaded.',
  tryAgain: 'Try again',
  denied: 'You do not have access to this feature',
  offlineTitle: 'You are offline',
  offlineSince: (time: string) => `These are the figures from ${time}.`,
  offlineNoData: 'No figures were loaded on this device yet.',
  totals: (owner: number, kiri: number, persona: string) =>
    `${owner} from you, ${kiri} from ${persona}.`,
  logFull: (cap: number, oldest: string) =>
    `The server keeps your newest ${cap} messages; the oldest kept is from ${oldest}, so days before it show fewer than were sent.`,
  imported: (count: number) =>
    `${count} imported messages (history from another chat) are left out of every figure.`,
  you: 'You',
  perDayTitle: 'Messages per day',
  byHourTitle: 'Messages by hour of day',
  latencyTitle: 'Reply latency per day',
  distributionTitle: 'How long replies took',
  providersTitle: 'Who answered',
  day: 'Day',
  hour: 'Hour',
  replies: 'Replies',
  median: 'Median',
  p90: '90th percentile',
  wait: 'Wait',
  provider: 'Provider',
  today: (label: string) => `${label} (today)`,
  noMessages: (days: number) => `No messages yet in the last ${days} days.`,
  noReplies: (days: number) => `No replies yet in the last ${days} days.`,
  noTimedReplies: (days: number, device: number) =>
    `No replies to time in the last ${days} days: the ${device === 1 ? 'one reply was' : `${device} replies were`} written on your device while offline.`,
  latencyNote:
    'The time from your message to the first part of the reply. Nearest-rank percentiles: each figure is one real reply’s time.',
  deviceNote: (count: number) =>
    `${count === 1 ? 'One reply was' : `${count} replies were`} written on your device while offline: counted under “${DEVICE_PROVIDER_NAME}”, not timed.`,
} as const;

export const MONITORING_TEXT = {
  title: 'Monitoring',
  back: 'Back to Chat',
  intro: (zone: string) => `Your conversation in the last 24 hours, by hour in ${zone}.`,
  refresh: 'Refresh',
  refreshing: 'Refreshing…',
  updated: (time: string) => `Updated ${time}; refreshes every minute.`,
  loading: 'Loading the last 24 hours…',
  loadFailed: 'The figures could not be loaded.',
  tryAgain: 'Try again',
  denied: 'You do not have access to this feature',
  offlineTitle: 'You are offline',
  offlineSince: (time: string) => `These are the figures from ${time}.`,
  offlineNoData: 'No figures were loaded on this device yet.',
  summaryTitle: 'Last 24 hours',
  messagesIn: 'Messages in',
  repliesOut: 'Replies out',
  latencyMedian: 'Reply latency (median)',
  latencyP95: 'Reply latency (95th percentile)',
  pushSent: 'Push messages delivered',
  pushNotDelivered: 'Push messages not delivered',
  deviceReplies: 'Offline replies that arrived',
  messagesTitle: 'Messages in and replies out',
  latencyTitle: 'Reply latency by hour',
  pushTitle: 'Push messages to your devices',
  deviceTitle: 'Replies written offline that arrived',
  hour: 'Hour',
  in: 'In',
  out: 'Out',
  replies: 'Replies',
  median: 'Median',
  p95: '95th percentile',
  sent: 'Delivered',
  notDelivered: 'Not delivered',
  failed: 'Failed',
  expired: 'Expired',
  arrived: 'Arrived',
  now: (label: string) => `${label} (now)`,
  noMessages: 'No messages in the last 24 hours.',
  noTimedReplies: 'No replies to time in the last 24 hours.',
  noPushes: 'No push messages were sent to your devices in the last 24 hours.',
  noDeviceReplies: 'No replies written offline on your device arrived in the last 24 hours.',
  pushNote:
    'Counted per device: delivered when its push service took the message; failed after the retries; expired when the subscription was gone.',
  deviceNote:
    'By the hour they reached the server; the message itself counts in the hour it was written.',
} as const;
