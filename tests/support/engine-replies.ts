// The engine's replies to one message, over several seeds, for tests that check what every reply says
// (the owner Mira, 09:00 on 1 December 2026 in Berlin, the baseline personality).
import { localReply } from '../../src/engine/companion/local-engine';
import { BASELINE_PERSONALITY, type ChatTurn } from '../../src/engine/companion/types';

export const REPLY_TIME = Date.UTC(2026, 11, 1, 8, 0);

export function repliesTo(
  message: string,
  options: {
    history?: readonly ChatTurn[];
    recentReplies?: string[];
    seeds?: number;
    now?: number;
  } = {},
): string[] {
  const { history = [], recentReplies = [], seeds = 8, now = REPLY_TIME } = options;
  return Array.from({ length: seeds }, (_, i) =>
    localReply({
      message,
      isInitialGreeting: false,
      personaName: 'Kiri',
      recentReplies,
      personality: BASELINE_PERSONALITY,
      history: [...history],
      memories: [],
      seed: i + 1,
      now,
      timeZone: 'Europe/Berlin',
      userName: 'Mira',
    }).parts.join(' '),
  );
}
