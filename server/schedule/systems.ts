// What runs in the background today, for the sleep-mode status (spec 002 §2 "System Details"): the chat's
// engines and the scheduler's jobs, with the power states each runs in. Later features register theirs.
import type { BackgroundSystems } from '../power/background-systems';
import { reflectionRunsIn } from '../mood/mood-service';
import { jobRunsIn } from './schedule-rules';

export function registerBackgroundSystems(
  systems: BackgroundSystems,
  options: { providers: readonly string[]; thoughtsPerDay: number },
): void {
  const notInDeepPause = (state: string) => state !== 'deep-pause';
  systems.register({ id: 'chat-local-engine', runsIn: notInDeepPause });
  systems.register({
    id: 'chat-provider-chain',
    runsIn: notInDeepPause,
    enabled: () => options.providers.length > 0,
  });
  systems.register({ id: 'morning-greeting', runsIn: (state) => jobRunsIn('morning', state) });
  systems.register({ id: 'evening-check-in', runsIn: (state) => jobRunsIn('evening', state) });
  systems.register({ id: 'silence-nudge', runsIn: (state) => jobRunsIn('nudge', state) });
  systems.register({
    id: 'spontaneous-thoughts',
    runsIn: (state) => jobRunsIn('thought', state),
    enabled: () => options.thoughtsPerDay > 0,
  });
  systems.register({ id: 'reminders', runsIn: (state) => jobRunsIn('reminder', state) });
  // The mood's rollover timer, which writes the day's reflection (docs/mood.md: runs asleep).
  systems.register({ id: 'daily-reflection', runsIn: reflectionRunsIn });
}
