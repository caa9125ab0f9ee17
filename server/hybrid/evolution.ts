// The hybrid protocol's three evolution bars, from the maintenance monitor's metrics (server/devcore/
// metrics.ts, each 0 to 100 or null) over the same conversation window. docs/hybrid-protocol.md explains
// why each bar reads the metric it does.
import type { HybridEvolutionMetrics } from '../../src/domain/hybrid-protocol';
import type { EvolutionMetrics } from '../devcore/metrics';
import { METRICS_WINDOW } from '../devcore/metrics';
import type { ConversationEntry } from '../store/conversation-store';

const share = (percent: number | null): number | null =>
  percent === null ? null : Math.round(percent) / 100;

/**
 * - emotionalComplexityScore: the monitor's emotional resonance (felt messages whose next one did not
 *   feel worse: Kiri met the feeling, whatever it was);
 * - conversationalAdaptation: its adaptation success (the owner's messages Kiri answered);
 * - culturalUnderstanding: its user satisfaction (how the owner's first message after each reply feels);
 * - lastEvolutionTimestamp: the newest entry of the window the metrics are computed from, when they last
 *   could move.
 */
export function hybridEvolutionOf(
  monitor: EvolutionMetrics,
  log: readonly ConversationEntry[],
): HybridEvolutionMetrics {
  const window = log.slice(-METRICS_WINDOW);
  const newest = window.reduce<number | null>(
    (latest, entry) => (latest === null ? entry.timestamp : Math.max(latest, entry.timestamp)),
    null,
  );
  return {
    emotionalComplexityScore: share(monitor.emotionalResonance),
    conversationalAdaptation: share(monitor.adaptationSuccess),
    culturalUnderstanding: share(monitor.userSatisfaction),
    lastEvolutionTimestamp: newest,
  };
}
