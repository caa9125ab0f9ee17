// The power states of spec 002 §4 and their transitions, as plain functions (docs/schedule.md).

export const POWER_STATES = ['awake', 'sleeping', 'deep-pause'] as const;
export type PowerState = (typeof POWER_STATES)[number];

export const POWER_ACTIONS = [
  'enable',
  'disable',
  'deep-pause',
  'resume-all',
  'voice-wake',
] as const;
export type PowerAction = (typeof POWER_ACTIONS)[number];

/** Spec 002 §9: the wake words, matched without case. */
export const WAKE_WORDS = ['arise', 'wake up', 'hey kiri', 'lumora', 'presence', 'wake'] as const;
export const MAX_WAKE_COMMAND_CHARS = 500;

/**
 * A phrase wakes Kiri when it holds a wake word as whole words ('wake' in 'wake up', not in
 * 'awakened'); spec 002 §5 says 'contains', and a substring match would let 'awakening' through.
 */
export function containsWakeWord(phrase: string): boolean {
  const words = ` ${phrase
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
  return WAKE_WORDS.some((word) => words.includes(` ${word} `));
}

/**
 * The state after an action. Enable (sleep) from awake only: the spec disables the button while
 * sleeping, and sleep must not lift a deep pause. Disable (resume full mode) wakes from sleep or from
 * deep pause. Deep pause from any state. Resume-all and a voice wake wake from anything.
 */
export function nextPowerState(state: PowerState, action: PowerAction): PowerState {
  switch (action) {
    case 'enable':
      return state === 'awake' ? 'sleeping' : state;
    case 'deep-pause':
      return 'deep-pause';
    case 'disable':
    case 'resume-all':
    case 'voice-wake':
      return 'awake';
  }
}

/** Spec 002 §2, §9: the cost status line for each state. */
export function costStatusOf(state: PowerState): string {
  switch (state) {
    case 'awake':
      return 'Full operation costs';
    case 'sleeping':
      return 'About 80% resource reduction: background cycles paused, chat continues';
    case 'deep-pause':
      return '100% API cost saving: every AI call blocked, messages kept for later';
  }
}

/** A transition as power.json keeps it: enough for the rules below. */
export interface PowerChangeAt {
  from: PowerState;
  to: PowerState;
  at: number;
}

/**
 * The state Kiri was in at `instant`, from the transitions (oldest first) and the state now. Before
 * the oldest transition kept, the state it left; with no transition at all, the state now.
 */
export function powerStateAt(
  history: readonly PowerChangeAt[],
  current: PowerState,
  instant: number,
): PowerState {
  let state: PowerState = history[0]?.from ?? current;
  for (const change of history) {
    if (change.at > instant) break;
    state = change.to;
  }
  return state;
}

/**
 * Why a reminder due at `dueAt` is delivered only at `now`: the state Kiri was in at its time if she
 * was not awake, else the first sleep or deep pause that began before it was delivered (it fell due
 * moments before she slept and the tick came after); null when she was awake throughout.
 */
export function stateThatHeld(
  history: readonly PowerChangeAt[],
  current: PowerState,
  dueAt: number,
  now: number,
): Exclude<PowerState, 'awake'> | null {
  const then = powerStateAt(history, current, dueAt);
  if (then !== 'awake') return then;
  for (const change of history) {
    if (change.at > dueAt && change.at <= now && change.to !== 'awake') return change.to;
  }
  return null;
}
