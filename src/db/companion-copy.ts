// The device's copy of what Kiri's engine needs to answer offline (issue 12): the server's context
// (`GET /api/companion/context`), refreshed on every pull, and the memories said in messages answered
// on the device that the server has not heard yet.
import type { EngineContext, MemoryItem, MoodInput } from '@/engine/companion/types';
import type { ToneExample, ToneStyle } from '@/engine/companion/types';
import type { KiriDatabase, OfflineMemoryRow } from './schema';

export const COMPANION_CONTEXT_URL = '/api/companion/context';
export const COPY_KEY = 'context';

/** The most memory nodes kept (MAX_CONTEXT_MEMORIES of the contract; a type import cannot carry it). */
export const COPY_MEMORY_LIMIT = 200;

const DIMENSIONS = ['softness', 'logic_bias', 'humor_level', 'formality', 'initiative'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The tones of spec 001 §4 (the engine's TONE_NAMES; a type import cannot carry them). */
const TONES = ['neutral', 'gentle', 'playful', 'caring', 'dreamy', 'soft'];
/** The most tone-sync pairs kept (the engine's MAX_STYLE_EXAMPLES). */
export const COPY_TONE_EXAMPLE_LIMIT = 12;

/**
 * WhisperBridge Lite's style in the answer (tone-style.ts), or null: absent from older servers and
 * while tone_mirroring is off. Malformed pairs are dropped, never guessed at.
 */
export function parseCopyToneStyle(value: unknown): ToneStyle | null {
  if (!isRecord(value) || !Array.isArray(value.examples)) return null;
  const examples = value.examples
    .filter(
      (item): item is ToneExample =>
        isRecord(item) &&
        typeof item.gpt_line === 'string' &&
        typeof item.gemini_mirror === 'string' &&
        typeof item.emotion_tone === 'string' &&
        TONES.includes(item.emotion_tone) &&
        typeof item.sync_quality === 'number' &&
        Number.isFinite(item.sync_quality),
    )
    .slice(0, COPY_TONE_EXAMPLE_LIMIT)
    .map(({ gpt_line, gemini_mirror, emotion_tone, sync_quality }) => ({
      gpt_line,
      gemini_mirror,
      emotion_tone,
      sync_quality,
    }));
  return examples.length > 0 ? { examples, followMood: value.followMood === true } : null;
}

/** Only a style that is there is kept: a context without one reads exactly as before. */
const toneStyleField = (toneStyle: ToneStyle | null) => (toneStyle ? { toneStyle } : {});

/**
 * The server's answer as an EngineContext, or null when it is not one (a 404 before the server had the
 * route, a captive portal's page, a field missing): real or absent, a malformed copy is never stored.
 */
export function parseEngineContext(json: unknown): EngineContext | null {
  if (!isRecord(json)) return null;
  const { userName, personaName, timeZone, personality, mood, memories, recentReplies } = json;
  if (userName !== null && typeof userName !== 'string') return null;
  if (typeof personaName !== 'string' || !personaName) return null;
  if (typeof timeZone !== 'string' || !timeZone) return null;
  if (!isRecord(personality)) return null;
  const dimensions = {} as EngineContext['personality'];
  for (const name of DIMENSIONS) {
    const value = personality[name];
    if (typeof value !== 'number' || !Number.isFinite(value)) return null;
    dimensions[name] = Math.min(1, Math.max(0, value));
  }
  let moodInput: MoodInput | null = null;
  if (mood !== null && mood !== undefined) {
    if (!isRecord(mood) || typeof mood.mode !== 'string' || typeof mood.intensity !== 'number') {
      return null;
    }
    moodInput = { mode: mood.mode, intensity: mood.intensity };
  }
  if (!Array.isArray(memories) || !Array.isArray(recentReplies)) return null;
  const items: MemoryItem[] = memories
    .filter(
      (item): item is { content: string; timestamp: number; ownerOnly?: unknown } =>
        isRecord(item) && typeof item.content === 'string' && typeof item.timestamp === 'number',
    )
    .slice(0, COPY_MEMORY_LIMIT)
    .map((item) => ({
      content: item.content,
      timestamp: item.timestamp,
      ...(item.ownerOnly === true ? { ownerOnly: true } : {}),
    }));
  return {
    userName: userName as string | null,
    personaName,
    timeZone,
    personality: dimensions,
    mood: moodInput,
    memories: items,
    recentReplies: recentReplies.filter((reply): reply is string => typeof reply === 'string'),
    ...toneStyleField(parseCopyToneStyle(json.toneStyle)),
  };
}

export interface CompanionCopy {
  context: EngineContext;
  fetchedAt: number;
}

export async function readCompanionCopy(db: KiriDatabase): Promise<CompanionCopy | null> {
  const row = await db.companionCopy.get(COPY_KEY);
  return row ? { context: row.context, fetchedAt: row.fetchedAt } : null;
}

/**
 * Fetches the server's context and keeps it. Memories said offline whose message had reached the
 * server before the request went out are in the answer (the server learned them): they are let go.
 * Returns whether a copy was stored; throws when the server could not be reached.
 */
export async function refreshCompanionCopy(
  db: KiriDatabase,
  options: { fetch: typeof fetch; now: () => number },
): Promise<boolean> {
  // Read before the request: a message delivered while it is out may not be in its answer.
  const pendingBefore = new Set(
    (await db.outbox.where('kind').equals('chat').toArray()).map((entry) => entry.messageId),
  );
  const response = await options.fetch(COMPANION_CONTEXT_URL, {
    credentials: 'same-origin',
    cache: 'no-store',
  });
  if (!response.ok) return false;
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return false;
  }
  const context = parseEngineContext(json);
  if (!context) return false;
  await db.transaction('rw', db.companionCopy, db.offlineMemories, async () => {
    await db.companionCopy.put({ key: COPY_KEY, context, fetchedAt: options.now() });
    const heard = (await db.offlineMemories.toArray())
      .filter((memory) => !pendingBefore.has(memory.messageId))
      .map((memory) => memory.messageId);
    if (heard.length > 0) await db.offlineMemories.bulkDelete(heard);
  });
  return true;
}

/** What the owner asked to remember in messages the server has not heard yet, newest first. */
export async function readOfflineMemories(db: KiriDatabase): Promise<OfflineMemoryRow[]> {
  return (await db.offlineMemories.orderBy('timestamp').toArray()).reverse();
}
