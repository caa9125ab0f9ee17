// The mirror bridge's rules for one imported message (docs/mirror-bridge.md): its emotion, whose side of
// the chat it joins, and the content hash that makes an import happen once. Plain functions.
import { createHash } from 'node:crypto';
import { readFeeling, type Feeling } from '../../src/engine/companion/intent';

/** The emotions the panel has colours for (spec 001 §2); anything else is shown in the 'other' colour. */
export const BRIDGE_EMOTIONS = [
  'joyful',
  'melancholic',
  'frustrated',
  'reflective',
  'curious',
  'neutral',
] as const;
export type BridgeEmotion = (typeof BRIDGE_EMOTIONS)[number];

/** The engine's feelings (src/engine/companion/intent.ts) folded onto the panel's emotions. */
export const FEELING_TO_EMOTION: Record<Feeling, BridgeEmotion> = {
  happy: 'joyful',
  excited: 'joyful',
  grateful: 'joyful',
  sad: 'melancholic',
  lonely: 'melancholic',
  tired: 'melancholic',
  angry: 'frustrated',
  stressed: 'frustrated',
  anxious: 'frustrated',
  bored: 'neutral',
};

/** Words of thinking back or about oneself: reflective when no feeling word is there. */
const REFLECTIVE =
  /\b(?:i (?:think|thought|reali[sz]e|realised|realized|wonder|remember|guess)|looking back|reflect(?:ing|ed)?|lately|in hindsight|i've been thinking)\b/i;

/**
 * Rule 'emotion of an imported message': the engine's feeling reader (VADER and its word lists, the same
 * one the local engine answers with) decides first; without a feeling word, a question is curious, words
 * of thinking back are reflective, and the rest is neutral.
 */
export function emotionOf(text: string): BridgeEmotion {
  const feeling = readFeeling(text);
  if (feeling) return FEELING_TO_EMOTION[feeling.feeling];
  if (text.trimEnd().endsWith('?') || /\b(?:curious|i wonder if|how come)\b/i.test(text)) {
    return 'curious';
  }
  if (REFLECTIVE.test(text)) return 'reflective';
  return 'neutral';
}

export type BridgeSide = 'user' | 'kiri';

/**
 * Rule 'side of an imported message': lines by Kiri (the persona's display name or 'Kiri', any case) are
 * Kiri's in the chat; every other author is the owner's side (an export is the owner's own conversation).
 */
export function sideOf(author: string, personaName: string): BridgeSide {
  const name = author.trim().toLowerCase();
  return name === personaName.trim().toLowerCase() || name === 'kiri' ? 'kiri' : 'user';
}

/**
 * Rule 'import once': a message is the same message when its side, its second and its text are the same,
 * whatever file or format brought it (a JSON and a Markdown copy of one export, or a mirrored day file
 * dropped back in, which writes seconds and the display names).
 */
export function messageHash(side: BridgeSide, timestamp: number, message: string): string {
  return createHash('sha256')
    .update(`${side}\n${Math.floor(timestamp / 1000)}\n${message.trim()}`)
    .digest('hex')
    .slice(0, 32);
}

/** A file's bytes: the same file twice is skipped before it is even parsed. */
export function fileHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
