// The tone-sync page's words: spec 001 §2 and §4 where it gives them, ours (docs/whisperbridge.md) where
// it is silent.
import type { EmotionTone, PrimaryDevice, SyncMode } from '@/domain/whisperbridge';

export const WHISPER_TEXT = {
  title: 'WhisperBridge Lite',
  back: 'Back to Chat',
  loading: 'Loading WhisperBridge Lite…',
  loadFailed: 'WhisperBridge Lite could not be loaded.',
  tryAgain: 'Try Again',
  active: 'Active',
  disabled: 'Disabled',
  syncMode: 'Sync mode',
  syncQuality: 'Sync Quality',
  recentAverage: 'Recent 10 entries average',
  noQualityYet: 'No entries yet',
  trainingData: 'Training Data',
  entries: (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`,
  averageQuality: (q: number | null) =>
    q === null ? 'Average quality: none yet' : `Average quality: ${q}%`,
  deviceSetup: 'Device Setup',
  ipad: 'iPad: GPT',
  iphone: 'iPhone: Gemini',
  primary: 'Primary',
  primaryDevice: 'Primary device',
  guideTitle: 'How to use WhisperBridge Lite',
  tabs: {
    manual: 'Manual Sync',
    mirror: 'Tone Mirror',
    history: 'Sync History',
    settings: 'Settings',
    guide: 'Guide',
  },
  gptLine: 'GPT line',
  gptLinePlaceholder: 'What the GPT voice says…',
  geminiMirror: 'Gemini mirror',
  geminiMirrorPlaceholder: 'How the Gemini voice mirrors it…',
  emotionTone: 'Emotion tone',
  addEntry: 'Add Sync Entry',
  adding: 'Adding…',
  added: 'Sync entry added',
  addedText: (quality: number) => `Sync quality ${quality}%`,
  trainingOff: 'Training mode is off: turn it on in Settings to add sync entries.',
  toolOff: 'WhisperBridge Lite is disabled: turn it on in Settings to add sync entries.',
  mirrorInput: 'GPT line to mirror',
  mirrorPlaceholder: 'Type a GPT line…',
  generate: 'Generate Mirror Prompt',
  generating: 'Generating…',
  mirrorPrompt: 'Mirror prompt',
  mirrorExamples: (n: number) =>
    n === 0
      ? 'No sync entries yet: the prompt has no examples.'
      : `Built from ${n} of your best ${n === 1 ? 'entry' : 'entries'}.`,
  copy: 'Copy',
  copied: 'Copied to clipboard',
  copyFailed: 'Could not copy: select the prompt and copy it by hand.',
  emptyHistory: 'No sync entries yet. Start adding training data!',
  quality: (q: number) => `${q}% sync`,
  settingsSaved: 'Settings saved',
  readOnly: 'Only the owner or an administrator can change WhisperBridge Lite.',
  offline: (time: string) =>
    `Offline: showing what was last read at ${time}. Changes need a connection.`,
  offlineNoData: 'Offline: WhisperBridge Lite has not been read on this device yet.',
  offlineWrite: 'You are offline: this change needs a connection.',
  future: 'Future',
  guideLoading: 'Loading the guide…',
  guideFailed: 'The guide could not be loaded.',
} as const;

export const TONE_LABELS: Readonly<Record<EmotionTone, string>> = {
  neutral: 'Neutral',
  gentle: 'Gentle',
  playful: 'Playful',
  caring: 'Caring',
  dreamy: 'Dreamy',
  soft: 'Soft',
};

export const SYNC_MODE_LABELS: Readonly<Record<SyncMode, string>> = {
  manual: 'Manual',
  observation: 'Observation',
  auto: 'Auto (Future)',
};

export const DEVICE_LABELS: Readonly<Record<PrimaryDevice, string>> = {
  gpt: 'GPT (iPad)',
  gemini: 'Gemini (iPhone)',
};

export const TOGGLE_LABELS = {
  enabled: {
    label: 'Enabled',
    hint: (_persona: string) => 'Off, the tool changes nothing and takes no new entries.',
  },
  training_mode: {
    label: 'Training mode',
    hint: (_persona: string) => 'On, new sync entries may be added.',
  },
  tone_mirroring: {
    label: 'Tone mirroring',
    hint: (persona: string) =>
      `On, the best entries shape ${persona}'s replies, online and offline.`,
  },
  emotion_sync: {
    label: 'Emotion sync',
    hint: (persona: string) =>
      `On, the entries whose tone suits ${persona}'s mood lead; off, those that fit your message.`,
  },
} as const;
