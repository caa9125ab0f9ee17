// The push card's words: spec 002 (the card, §8's toasts) and the iPhone's Home Screen steps.

export const PUSH_TEXT = {
  title: 'Push Notifications',
  description: 'Hear from Kiri when the app is closed.',
  enabled: 'Enabled',
  blocked: 'Blocked',
  expectTitle: 'What to expect',
  /** Spec 002: the list of what to expect (times in the owner's zone, §9). */
  expect: [
    'Morning greetings around 9 AM',
    'Evening check-ins around 8 PM',
    'Messages after silences of 4+ hours',
    'Spontaneous thoughts',
    'Task completion notifications',
  ],
  enable: 'Enable Notifications',
  enabling: 'Enabling…',
  test: 'Send Test Notification',
  disable: 'Disable Notifications',
  /** Shown while an Enable or Disable waits in the outbox for the server (offline, or it is down). */
  waiting:
    "Waiting to reach Kiri's server: it will hear of this device as soon as you are back online.",
  denied:
    'Notifications are blocked for Kiri. To get them, allow notifications for this site in your browser settings (on an iPhone: Settings, Notifications, Kiri), then come back here.',
  unsupported: 'Push Notifications Not Supported',
  unsupportedDetail:
    'This browser cannot receive push notifications. Use a current Chrome, Edge, Firefox, or Kiri from the Home Screen on an iPhone (iOS 16.4 or later).',
  homeScreenTitle: 'Notifications need the Home Screen app',
  homeScreenIntro: 'On an iPhone, Kiri can send notifications only when opened from its icon:',
  homeScreenSteps: [
    'Tap the Share button in Safari.',
    'Choose Add to Home Screen, then Add.',
    'Open Kiri from the new icon on your Home Screen.',
    'Come back here and tap Enable Notifications.',
  ],
} as const;

/** Spec 002 §8 push toasts, and the successes a user expects to hear of. */
export const PUSH_TOAST = {
  notSupported: {
    title: 'Not Supported',
    description: 'This browser cannot receive push notifications.',
  },
  permissionDenied: {
    title: 'Permission Denied',
    description: 'Allow notifications for Kiri in your browser settings to get them.',
  },
  setupFailed: (reason: string) => ({ title: 'Setup Failed', description: reason }),
  disableFailed: (reason: string) => ({ title: 'Failed to Disable', description: reason }),
  testFailed: (reason: string) => ({ title: 'Test Failed', description: reason }),
  enabled: {
    title: 'Notifications Enabled',
    description: "Kiri's morning and evening messages will reach this device.",
  },
  enabledOffline: {
    title: 'Notifications Enabled',
    description: 'This device is ready. Kiri will hear of it as soon as you are back online.',
  },
  disabled: {
    title: 'Notifications Disabled',
    description: 'This device will no longer get notifications from Kiri.',
  },
  testSent: {
    title: 'Test Sent',
    description: 'A test notification is on its way to this device.',
  },
} as const;

export const SETUP_REASON = {
  noKey: "Kiri's server could not be reached for its key. Try again when you are online.",
  noWorker: 'The app is still getting ready on this device. Reload and try again.',
  pushService: 'The push service did not answer. Check the connection and try again.',
} as const;
