// The personality screen's words: the spec's own where it gives them (000 §8, 002 "Personality tone
// settings"), plain ones elsewhere.
import type { DimensionKey, PresetName, Tone } from '@/domain/personality';

export const PERSONALITY_TEXT = {
  title: 'Personality Tone Settings',
  back: 'Back',
  loading: 'Loading personality settings...',
  subtitle: (persona: string) =>
    `How ${persona} writes: every reply uses the saved values, here and in the chat.`,
  currentTone: 'Current tone',
  unsaved: 'Unsaved changes',
  presets: 'Presets',
  resetToBaseline: 'Reset to Baseline',
  save: 'Save Changes',
  saving: 'Saving...',
  loadErrorTitle: 'Loading Error',
  loadErrorText: "Couldn't load current personality settings",
  saveErrorTitle: 'Save Error',
  saveErrorText: "Couldn't save personality changes",
  savedTitle: 'Personality Updated',
  savedText: (tone: Tone) => `Tone: ${TONE_LABELS[tone]}`,
  toneUpdatedTitle: 'Tone Updated',
  toneUpdatedText: (preset: PresetName) => `${PRESET_LABELS[preset]} tone`,
  quickPresets: 'Quick tone presets',
  offline: (at: string) =>
    `Offline: showing the values last read at ${at}. Saving needs the server.`,
  offlineNoData: 'Offline: no personality settings have been read on this device yet.',
  readOnly: (persona: string) =>
    `Only the owner or an admin can change ${persona}'s personality. You can see the current values.`,
} as const;

/** Spec 002 'Personality tone settings': the five sliders' names. */
export const DIMENSION_LABELS: Record<DimensionKey, string> = {
  softness: 'Softness',
  logic_bias: 'Logic vs Emotion',
  humor_level: 'Humor Level',
  formality: 'Formality',
  initiative: 'Initiative',
};

/** What each dimension changes in Kiri's replies (docs/personality.md), shown under its slider. */
export const DIMENSION_HINTS: Record<DimensionKey, string> = {
  softness: 'Warmth and tenderness in her words',
  logic_bias: 'How often she gives reasons and practical steps',
  humor_level: 'How often she adds a playful line',
  formality: 'Full words and tidy greetings instead of contractions and slang',
  initiative: 'How often she asks a follow-up question',
};

export const PRESET_LABELS: Record<PresetName, string> = {
  casual: 'Casual',
  professional: 'Professional',
  gentle: 'Gentle',
  direct: 'Direct',
};

export const TONE_LABELS: Record<Tone, string> = {
  casual: 'Casual',
  direct: 'Direct',
  gentle: 'Gentle',
  playful: 'Playful',
  professional: 'Professional',
  balanced: 'Balanced',
};
