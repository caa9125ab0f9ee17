// The mood engine monitor's words (spec 002 §2, §8; the labels the spec leaves open are ours).
import type { PresenceMood } from '@/domain/presence-mood';

export const PRESENCE_TEXT = {
  title: 'Mood Engine Monitor',
  back: 'Back to chat',
  subtitle: 'The presence state: where the mood is, where it drifts, how sure it is.',
  currentMood: 'Current mood',
  targetMood: 'Target mood',
  confidence: 'Mood confidence',
  engineVersion: 'Engine version',
  age: 'Age',
  ticks: (n: number) => `${n} ${n === 1 ? 'tick' : 'ticks'}`,
  uptime: 'Uptime',
  lastTick: 'Last tick',
  never: 'Never',
  cycle: 'Cycle',
  cycleText: {
    running: 'Ticking every 60 s',
    paused: 'Paused while Kiri sleeps',
    stopped: 'Stopped',
  },
  nextTick: (time: string) => `next at ${time}`,
  chooseTarget: 'Choose a target mood',
  setTarget: 'Set Target',
  manualTick: 'Manual Tick',
  recentActivity: 'Recent activity',
  noActivity: 'No activity yet',
  driftHistory: 'Drift history',
  noDrift: 'No ticks yet',
  driftRow: (mood: string, target: string, confidence: string) =>
    `${mood} → target ${target}, confidence ${confidence}`,
  retry: 'Retry',
  denied: 'The mood engine monitor needs the presence engine permission.',
  loading: 'Loading presence state…',
  offlineTitle: 'You are offline',
  offlineText: (time: string) =>
    `Showing the state last read at ${time}; changes wait until you are back online.`,
  offlineNoData: 'The state has not been read on this device yet.',
  writeFailed: 'The mood engine did not take the change',
} as const;

export const MOOD_LABELS: Readonly<Record<PresenceMood, string>> = {
  calm: 'Calm',
  focused: 'Focused',
  restless: 'Restless',
  tired: 'Tired',
  hopeful: 'Hopeful',
  bittersweet: 'Bittersweet',
  neutral: 'Neutral',
};

export const EVENT_LABELS: Readonly<Record<string, string>> = {
  'engine-started': 'Engine started',
  'target-set': 'Target set',
  nudged: 'Nudged by the conversation',
  drifted: 'Drifted',
  'manual-tick': 'Manual tick',
};
