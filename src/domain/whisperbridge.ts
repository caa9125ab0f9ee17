// WhisperBridge Lite, the tone-sync tool (spec 001 §2, §3, §4, §5, §9): its settings, the sync entry's
// checks, the quality bands and the two stats. Shared by the server (which enforces them) and the page.

/** Spec 001 §4: the emotion tones, neutral the default. */
export const EMOTION_TONES = ['neutral', 'gentle', 'playful', 'caring', 'dreamy', 'soft'] as const;
export type EmotionTone = (typeof EMOTION_TONES)[number];
export const DEFAULT_TONE: EmotionTone = 'neutral';

/** Spec 001 §4: manual, observation, auto ('Future'). */
export const SYNC_MODES = ['manual', 'observation', 'auto'] as const;
export type SyncMode = (typeof SYNC_MODES)[number];

export const PRIMARY_DEVICES = ['gpt', 'gemini'] as const;
export type PrimaryDevice = (typeof PRIMARY_DEVICES)[number];

export interface WhisperConfig {
  enabled: boolean;
  training_mode: boolean;
  tone_mirroring: boolean;
  emotion_sync: boolean;
  sync_mode: SyncMode;
  primary_device: PrimaryDevice;
}

export const CONFIG_TOGGLES = [
  'enabled',
  'training_mode',
  'tone_mirroring',
  'emotion_sync',
] as const;
export type ConfigToggle = (typeof CONFIG_TOGGLES)[number];

/**
 * A fresh install: the tool is on and takes training data, but changes nothing in Kiri's replies until
 * the operator turns tone_mirroring on (the pairs must be worth imitating first).
 */
export const DEFAULT_WHISPER_CONFIG: Readonly<WhisperConfig> = Object.freeze({
  enabled: true,
  training_mode: true,
  tone_mirroring: false,
  emotion_sync: false,
  sync_mode: 'manual',
  primary_device: 'gpt',
});

/** Spec 001 §9: recent quality is the average of the last 10 entries. */
export const RECENT_QUALITY_COUNT = 10;
/** Spec 001 §4, §9: 80 or more green, 60 to 79 yellow, below 60 red. */
export const QUALITY_GOOD = 80;
export const QUALITY_FAIR = 60;

/** Our limits (the spec is silent): a line is a chat line, and the history is training data, not a log. */
export const MAX_SYNC_LINE_CHARS = 1000;
export const MAX_SYNC_ENTRIES = 500;

export type QualityBand = 'green' | 'yellow' | 'red';

/** Rule 'sync quality icon': ≥ 80 green, 60 to 79 yellow, < 60 red. */
export function qualityBand(quality: number): QualityBand {
  if (quality >= QUALITY_GOOD) return 'green';
  if (quality >= QUALITY_FAIR) return 'yellow';
  return 'red';
}

export function isEmotionTone(value: unknown): value is EmotionTone {
  return typeof value === 'string' && (EMOTION_TONES as readonly string[]).includes(value);
}
export function isSyncMode(value: unknown): value is SyncMode {
  return typeof value === 'string' && (SYNC_MODES as readonly string[]).includes(value);
}
export function isPrimaryDevice(value: unknown): value is PrimaryDevice {
  return typeof value === 'string' && (PRIMARY_DEVICES as readonly string[]).includes(value);
}

export interface SyncDraft {
  gpt_line: string;
  gemini_mirror: string;
  emotion_tone: EmotionTone;
}

/**
 * Rule 'add sync entry needs both lines' (spec 001 §5): both non-empty after trimming, each within
 * MAX_SYNC_LINE_CHARS. Answers the trimmed draft to send, or what is wrong.
 */
export function checkSyncDraft(
  gptLine: string,
  geminiMirror: string,
  tone: EmotionTone,
): { ok: true; draft: SyncDraft } | { ok: false; problem: string } {
  const gpt_line = gptLine.trim();
  const gemini_mirror = geminiMirror.trim();
  if (!gpt_line || !gemini_mirror) {
    return { ok: false, problem: 'Both the GPT line and the Gemini mirror are required' };
  }
  if (gpt_line.length > MAX_SYNC_LINE_CHARS || gemini_mirror.length > MAX_SYNC_LINE_CHARS) {
    return { ok: false, problem: `Each line may have at most ${MAX_SYNC_LINE_CHARS} characters` };
  }
  return { ok: true, draft: { gpt_line, gemini_mirror, emotion_tone: tone } };
}

/** Rule 'mirror prompt needs input' (spec 001 §5): non-empty after trimming; the trimmed text or null. */
export function mirrorInputOf(text: string): string | null {
  const trimmed = text.trim();
  return trimmed && trimmed.length <= MAX_SYNC_LINE_CHARS ? trimmed : null;
}

const mean = (values: readonly number[]): number | null =>
  values.length === 0
    ? null
    : Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10;

/**
 * Rule 'recent quality': the mean sync quality of the last 10 entries (oldest first in, so the newest
 * 10), one decimal; null while there is none (the page says so rather than show 0).
 */
export function recentQuality(qualitiesOldestFirst: readonly number[]): number | null {
  return mean(qualitiesOldestFirst.slice(-RECENT_QUALITY_COUNT));
}

/** Rule 'average quality': the mean over every entry, one decimal; null while there is none. */
export function averageQuality(qualities: readonly number[]): number | null {
  return mean(qualities);
}
