// The sleep mode screen's words: the spec's own where it gives them (002 §2, §8), plain ones elsewhere.

export const SLEEP_TEXT = {
  title: 'Sleep Mode Control',
  loading: 'Loading sleep mode status...',
  back: 'Back',
  currentStatus: 'Current Status',
  lastActivity: 'Last activity',
  costStatus: 'Cost status',
  activeSystemsCount: 'Active systems',
  deepPauseActiveTitle: 'Deep Pause Active',
  deepPauseActiveBody: (persona: string) =>
    `All AI calls are blocked and chat goes unanswered. Messages are kept, and ${persona} answers them in order once woken.`,
  manualWakeUp: 'Manual Wake Up',
  deepPauseTitle: 'Deep Pause',
  deepPauseBody:
    'Blocks every AI call; chat goes unanswered while the web interface stays up. 100% API cost saving.',
  activateDeepPause: 'Activate Deep Pause',
  sleepTitle: 'Sleep Mode',
  sleepBody: 'Pauses dream cycles and learning while chat continues. About 80% resource reduction.',
  enableSleep: 'Enable Sleep Mode',
  fullTitle: 'Full Consciousness',
  fullBody: 'Every system runs: chat, learning, dream cycles and scheduled messages.',
  resumeFull: 'Resume Full Mode',
  systemDetails: 'System Details',
  activeSystems: 'Active Systems',
  pausedSystems: 'Paused Systems',
  noPaused: 'No systems paused',
  notifications: 'Notifications',
  offlineTitle: 'The server cannot be reached',
  deniedTitle: 'Access Restricted',
  deniedText: 'Sleep mode is for the owner and admins. Ask the owner for access.',
  returnToChat: 'Return to Chat',
  offlineWithStatus: (asOf: string) =>
    `Showing the last known status (as of ${asOf}). Sleep mode cannot be changed until the server can be reached.`,
  offlineNoStatus:
    'This device has no sleep mode status yet. It will show once the server can be reached.',
  transitionFailed: 'Sleep mode unchanged',
} as const;

export const VOICE_TEXT = {
  title: 'Voice Wake',
  intro: (persona: string) => `Say one of these to wake ${persona}:`,
  start: 'Start Voice Wake',
  stop: 'Stop Listening',
  listening: 'Listening…',
  heard: 'Heard',
  unsupported: 'Voice recognition not supported in this browser',
  unsupportedHint: 'Please use Chrome, Edge, or Safari for voice wake commands.',
} as const;

export const REMINDER_LIST_TEXT = {
  title: 'Pending Reminders',
  empty: 'No pending reminders.',
  cancel: 'Cancel',
  dismiss: 'Dismiss',
  cancelled: 'Reminder cancelled',
  fromServerFailed: 'The server’s list could not be read; showing what this device has.',
} as const;
