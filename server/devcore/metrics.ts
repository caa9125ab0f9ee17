// The evolution metrics of the maintenance status (spec 000 §3.2), each 0 to 100 or null when there is
// nothing yet to measure, from real signals (docs/devcore.md says which and why):
// - conversationAccuracy: Kiri's replies that were not an error fallback;
// - emotionalResonance: the owner's felt messages after which the next one did not feel worse;
// - responseQuality: the provider chain's answers that succeeded, local engine included;
// - userSatisfaction: the owner's feeling in the first message after each of Kiri's replies;
// - adaptationSuccess: the owner's messages that Kiri has answered (at once, or after a deep pause).
import { readSentiment } from '../../src/engine/language/sentiment';
import type { ConversationEntry } from '../store/conversation-store';

/** How far back the conversation metrics look: the newest entries of the account's log. */
export const METRICS_WINDOW = 200;

/**
 * Replies that are an error, not an answer: the server's empty-reply line and the chat client's
 * failure line (spec 000 §8), should a device ever store it as Kiri's.
 */
export const ERROR_FALLBACK_REPLIES: ReadonlySet<string> = new Set([
  "I'm here with you...",
  "I'm having trouble connecting right now, but I'm still here with you.",
  "Sorry, I'm having trouble connecting right now.",
]);

export interface EvolutionMetrics {
  conversationAccuracy: number | null;
  emotionalResonance: number | null;
  responseQuality: number | null;
  userSatisfaction: number | null;
  adaptationSuccess: number | null;
}

export interface ProviderCounts {
  successes: number;
  failures: number;
}

const percent = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part / whole) * 100);

/** Share of Kiri's answers (replies to a message of the owner) that are not an error fallback. */
export function conversationAccuracy(log: readonly ConversationEntry[]): number | null {
  const replies = log.filter((entry) => entry.sender === 'kiri' && entry.answersId !== null);
  const good = replies.filter((entry) => !ERROR_FALLBACK_REPLIES.has(entry.message.trim()));
  return percent(good.length, replies.length);
}

/** Share of provider calls (every engine of the chain, the local one included) that answered. */
export function responseQuality(chain: readonly ProviderCounts[]): number | null {
  let successes = 0;
  let calls = 0;
  for (const provider of chain) {
    successes += provider.successes;
    calls += provider.successes + provider.failures;
  }
  return percent(successes, calls);
}

/** The owner's messages that come right after one of Kiri's (the first reaction to a reply). */
function reactionsToKiri(log: readonly ConversationEntry[]): ConversationEntry[] {
  const found: ConversationEntry[] = [];
  for (let index = 1; index < log.length; index += 1) {
    const entry = log[index]!;
    if (entry.sender === 'user' && log[index - 1]!.sender === 'kiri') found.push(entry);
  }
  return found;
}

/** The mean feeling of the owner's first message after Kiri's replies, from -1..1 mapped to 0..100. */
export function userSatisfaction(log: readonly ConversationEntry[]): number | null {
  const reactions = reactionsToKiri(log).filter((entry) => entry.message.trim() !== '');
  if (reactions.length === 0) return null;
  const sum = reactions.reduce((total, entry) => total + readSentiment(entry.message).compound, 0);
  return Math.round(((sum / reactions.length + 1) / 2) * 100);
}

/**
 * Of the owner's messages that carry a feeling (VADER's |compound| ≥ 0.05) and were answered by Kiri
 * before the owner wrote again, the share whose next message did not feel worse: Kiri met the feeling.
 */
export function emotionalResonance(log: readonly ConversationEntry[]): number | null {
  const owner = log
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => entry.sender === 'user' && entry.message.trim() !== '');
  let felt = 0;
  let met = 0;
  for (let n = 0; n + 1 < owner.length; n += 1) {
    const current = owner[n]!;
    const next = owner[n + 1]!;
    const answered = log
      .slice(current.index + 1, next.index)
      .some((entry) => entry.sender === 'kiri' && entry.answersId === current.entry.id);
    if (!answered) continue;
    const before = readSentiment(current.entry.message).compound;
    if (Math.abs(before) < 0.05) continue;
    felt += 1;
    if (readSentiment(next.entry.message).compound >= before) met += 1;
  }
  return percent(met, felt);
}

/** Share of the owner's messages that have Kiri's answer in the log. */
export function adaptationSuccess(log: readonly ConversationEntry[]): number | null {
  const answered = new Set(
    log
      .filter((entry) => entry.sender === 'kiri' && entry.answersId)
      .map((entry) => entry.answersId),
  );
  const asked = log.filter((entry) => entry.sender === 'user');
  return percent(asked.filter((entry) => answered.has(entry.id)).length, asked.length);
}

export function evolutionMetrics(
  wholeLog: readonly ConversationEntry[],
  chain: readonly ProviderCounts[],
): EvolutionMetrics {
  const log = wholeLog.slice(-METRICS_WINDOW);
  return {
    conversationAccuracy: conversationAccuracy(log),
    emotionalResonance: emotionalResonance(log),
    responseQuality: responseQuality(chain),
    userSatisfaction: userSatisfaction(log),
    adaptationSuccess: adaptationSuccess(log),
  };
}
