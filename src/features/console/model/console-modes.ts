// The manual console's five modes (spec 002 "Manual console"): the header is titled by the mode, and a
// switch between two modes has a 400 ms transition. Selecting the mode already shown does nothing.

export type ConsoleMode = 'console' | 'chat' | 'memory' | 'self-mod' | 'system';

export interface ConsoleModeInfo {
  id: ConsoleMode;
  title: string;
  /** The line under the header (the spec names the modes only; these say what each holds). */
  description: string;
}

export const CONSOLE_MODES: readonly ConsoleModeInfo[] = [
  {
    id: 'console',
    title: 'Advanced Console',
    description: 'Talk to Kiri or run code, upload files and start maintenance tasks.',
  },
  { id: 'chat', title: 'Chat Interface', description: 'A conversation view of the console.' },
  {
    id: 'memory',
    title: 'Memory Sync',
    description: 'The memory Kiri shares between the console and the chat.',
  },
  {
    id: 'self-mod',
    title: 'Self-Modification',
    description: 'Change Kiri’s greeting and files through commands, with their logs.',
  },
  {
    id: 'system',
    title: 'System Status',
    description: 'Background tasks, snapshots and rollback.',
  },
];

export const MODE_TRANSITION_MS = 400;

export function modeInfo(mode: ConsoleMode): ConsoleModeInfo {
  return CONSOLE_MODES.find((entry) => entry.id === mode)!;
}

/** Rule: choosing the mode already shown does nothing (null); any other starts the 400 ms switch. */
export function modeSwitch(current: ConsoleMode, chosen: ConsoleMode): ConsoleMode | null {
  return chosen === current ? null : chosen;
}

export const CONSOLE_TEXT = {
  back: 'Back to Chat',
  modes: 'Console modes',
  chatPlaceholder: 'The chat interface of the console is a placeholder: talk to Kiri in the chat.',
  panelNotBuilt: 'This panel is not built yet.',
} as const;
