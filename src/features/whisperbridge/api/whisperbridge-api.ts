// The six calls of /api/whisperbridge-lite (spec 001 §7) over the shared request helper, each answer
// read into a checked shape: a field missing or of another kind is refused, never guessed at.
import {
  isEmotionTone,
  isPrimaryDevice,
  isSyncMode,
  type EmotionTone,
  type SyncDraft,
  type WhisperConfig,
} from '@/domain/whisperbridge';
import { ApiError, apiRequest } from '@/lib/api';

export const WHISPER_BASE = '/api/whisperbridge-lite';
export const STATUS_KEY = [`${WHISPER_BASE}/status`] as const;
export const ENTRIES_KEY = [`${WHISPER_BASE}/sync-entries`] as const;
export const GUIDE_KEY = [`${WHISPER_BASE}/guide`] as const;

export interface WhisperStats {
  recent_quality: number | null;
  total_sync_entries: number;
  average_quality: number | null;
}

export interface WhisperStatus {
  config: WhisperConfig;
  stats: WhisperStats;
}

export interface SyncEntry {
  id: string;
  gpt_line: string;
  gemini_mirror: string;
  emotion_tone: EmotionTone;
  sync_quality: number;
  timestamp: string;
}

export interface GuideSection {
  heading: string;
  paragraphs: string[];
  items: { term: string; text: string }[];
}

export interface Guide {
  title: string;
  sections: GuideSection[];
}

export interface MirrorPrompt {
  prompt: string;
  examples_used: number;
  tone: EmotionTone | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumberOrNull = (value: unknown): value is number | null =>
  value === null || (typeof value === 'number' && Number.isFinite(value));

class UnexpectedAnswer extends Error {
  constructor() {
    super('Unexpected answer from the server');
  }
}

export function parseConfig(value: unknown): WhisperConfig | null {
  if (!isRecord(value)) return null;
  const { enabled, training_mode, tone_mirroring, emotion_sync, sync_mode, primary_device } = value;
  if (
    typeof enabled !== 'boolean' ||
    typeof training_mode !== 'boolean' ||
    typeof tone_mirroring !== 'boolean' ||
    typeof emotion_sync !== 'boolean' ||
    !isSyncMode(sync_mode) ||
    !isPrimaryDevice(primary_device)
  ) {
    return null;
  }
  return { enabled, training_mode, tone_mirroring, emotion_sync, sync_mode, primary_device };
}

export function parseStatus(value: unknown): WhisperStatus | null {
  if (!isRecord(value) || !isRecord(value.stats)) return null;
  const config = parseConfig(value.config);
  const { recent_quality, total_sync_entries, average_quality } = value.stats;
  if (
    !config ||
    !isNumberOrNull(recent_quality) ||
    !isNumberOrNull(average_quality) ||
    typeof total_sync_entries !== 'number'
  ) {
    return null;
  }
  return { config, stats: { recent_quality, total_sync_entries, average_quality } };
}

export function parseEntry(value: unknown): SyncEntry | null {
  if (!isRecord(value)) return null;
  const { id, gpt_line, gemini_mirror, emotion_tone, sync_quality, timestamp } = value;
  if (
    typeof id !== 'string' ||
    typeof gpt_line !== 'string' ||
    typeof gemini_mirror !== 'string' ||
    !isEmotionTone(emotion_tone) ||
    typeof sync_quality !== 'number' ||
    typeof timestamp !== 'string'
  ) {
    return null;
  }
  return { id, gpt_line, gemini_mirror, emotion_tone, sync_quality, timestamp };
}

export function parseEntries(value: unknown): SyncEntry[] | null {
  if (!isRecord(value) || !Array.isArray(value.entries)) return null;
  return value.entries.map(parseEntry).filter((entry): entry is SyncEntry => entry !== null);
}

export function parseGuide(value: unknown): Guide | null {
  if (!isRecord(value) || !isRecord(value.guide)) return null;
  const { title, sections } = value.guide;
  if (typeof title !== 'string' || !Array.isArray(sections)) return null;
  const strings = (list: unknown): string[] =>
    Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  return {
    title,
    sections: sections.filter(isRecord).map((section) => ({
      heading: typeof section.heading === 'string' ? section.heading : '',
      paragraphs: strings(section.paragraphs),
      items: Array.isArray(section.items)
        ? section.items
            .filter(isRecord)
            .filter((item) => typeof item.term === 'string' && typeof item.text === 'string')
            .map((item) => ({ term: item.term as string, text: item.text as string }))
        : [],
    })),
  };
}

async function json<T>(response: Response, parse: (value: unknown) => T | null): Promise<T> {
  // The helper hands a 429 back rather than throwing (spec 000 §8); here it is a failed call.
  if (response.status === 429) throw new ApiError(429, response.statusText, 'Too many requests');
  const parsed = parse(await response.json().catch(() => null));
  if (parsed === null) throw new UnexpectedAnswer();
  return parsed;
}

export async function fetchStatus({ signal }: { signal?: AbortSignal }): Promise<WhisperStatus> {
  return json(
    await apiRequest('GET', `${WHISPER_BASE}/status`, undefined, { signal }),
    parseStatus,
  );
}

export async function fetchEntries({ signal }: { signal?: AbortSignal }): Promise<SyncEntry[]> {
  return json(
    await apiRequest('GET', `${WHISPER_BASE}/sync-entries`, undefined, { signal }),
    parseEntries,
  );
}

export async function fetchGuide({ signal }: { signal?: AbortSignal }): Promise<Guide> {
  return json(await apiRequest('GET', `${WHISPER_BASE}/guide`, undefined, { signal }), parseGuide);
}

export async function postAddSync(draft: SyncDraft): Promise<SyncEntry> {
  return json(await apiRequest('POST', `${WHISPER_BASE}/add-sync`, draft), (value) =>
    isRecord(value) ? parseEntry(value.entry) : null,
  );
}

export async function postMirrorPrompt(gptInput: string): Promise<MirrorPrompt> {
  return json(
    await apiRequest('POST', `${WHISPER_BASE}/mirror-prompt`, { gpt_input: gptInput }),
    (value) =>
      isRecord(value) && typeof value.prompt === 'string' && typeof value.examples_used === 'number'
        ? {
            prompt: value.prompt,
            examples_used: value.examples_used,
            tone: isEmotionTone(value.tone) ? value.tone : null,
          }
        : null,
  );
}

export async function putConfig(patch: Partial<WhisperConfig>): Promise<WhisperConfig> {
  return json(await apiRequest('PUT', `${WHISPER_BASE}/config`, patch), (value) =>
    isRecord(value) ? parseConfig(value.config) : null,
  );
}
