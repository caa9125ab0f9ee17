// The self-mod panel's answers, read into checked shapes (a field missing or of another kind is
// refused, never guessed at), and the panel's own words beside spec 001 §8's (src/domain/self-mod.ts).

export const SELF_MOD_BASE = '/api/self-mod';

export interface SelfModConfig {
  trigger_via_domain: boolean;
  supported_commands: string[];
}

export interface SelfModGreeting {
  /** 'owner': the owner's greeting opens each day; 'engine': Kiri greets in her own words. */
  source: 'owner' | 'engine';
  text: string | null;
  /** The owner's greeting as Kiri would say it to this viewer now. */
  preview: string | null;
  setAt: string | null;
  pendingPatches: number;
  latestPatch: { text: string; proposedAt: string } | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

export function parseConfig(value: unknown): SelfModConfig | null {
  if (!isRecord(value) || !isRecord(value.config)) return null;
  const { trigger_via_domain, supported_commands } = value.config;
  if (typeof trigger_via_domain !== 'boolean' || !Array.isArray(supported_commands)) return null;
  if (!supported_commands.every((item) => typeof item === 'string')) return null;
  return { trigger_via_domain, supported_commands: supported_commands as string[] };
}

export function parseGreeting(value: unknown): SelfModGreeting | null {
  if (!isRecord(value)) return null;
  const { source, text, preview, setAt, pendingPatches, latestPatch } = value;
  if (source !== 'owner' && source !== 'engine') return null;
  if (!isStringOrNull(text) || !isStringOrNull(preview) || !isStringOrNull(setAt)) return null;
  if (typeof pendingPatches !== 'number' || !Number.isInteger(pendingPatches)) return null;
  let latest: SelfModGreeting['latestPatch'] = null;
  if (latestPatch !== null) {
    if (!isRecord(latestPatch)) return null;
    if (typeof latestPatch.text !== 'string' || typeof latestPatch.proposedAt !== 'string')
      return null;
    latest = { text: latestPatch.text, proposedAt: latestPatch.proposedAt };
  }
  return { source, text, preview, setAt, pendingPatches, latestPatch: latest };
}

export function parseLogs(value: unknown): string[] | null {
  if (!isRecord(value) || !Array.isArray(value.logs)) return null;
  return value.logs.every((line) => typeof line === 'string') ? (value.logs as string[]) : null;
}

/** Spec 001 §7's execute answer: success, message, error. */
export interface ExecuteAnswer {
  success: boolean;
  message: string | null;
  error: string | null;
}

export function parseExecuteAnswer(value: unknown): ExecuteAnswer {
  if (!isRecord(value)) return { success: false, message: null, error: null };
  return {
    success: value.success === true,
    message: typeof value.message === 'string' ? value.message : null,
    error: typeof value.error === 'string' ? value.error : null,
  };
}

export const PANEL_TEXT = {
  title: 'Self-Modification',
  config: 'Configuration',
  domainTriggers: 'Domain triggers',
  accepted: 'Accepted (they propose greeting patches)',
  notAccepted: 'Not accepted',
  commands: 'Supported commands',
  otherText: 'Any other text is a message to Kiri',
  greeting: 'Current greeting',
  engineGreeting:
    'No greeting of yours is set: Kiri greets each day in her own words (time of day, personality and mood).',
  heardAs: 'Heard today as',
  setAt: 'Set',
  applyPatch: 'Apply Latest Patch',
  pending: (count: number) =>
    count === 0 ? 'No pending patch' : count === 1 ? '1 pending patch' : `${count} pending patches`,
  latestPatch: 'Newest patch',
  commandLabel: 'Command',
  commandPlaceholder:
    'create_file notes.txt Hello · update_greeting Good {part}, {name}! · or talk to Kiri',
  placeholders: 'In a greeting, {name}, {persona} and {part} are filled in when Kiri greets.',
  execute: 'Execute',
  executing: 'Executing…',
  reply: 'Last answer',
  tsLogs: 'TypeScript logs',
  pythonLogs: 'Python logs',
  refresh: 'Refresh',
  loading: 'Loading…',
  offlineTitle: 'Offline: last known state',
  offlineKnown: (when: string) =>
    `As the server last told it, at ${when}. Commands wait for the connection.`,
  nothingKnown: 'The server cannot be reached, and this device has no earlier state to show.',
  denied: 'Only an admin may use the self-modification tools.',
} as const;

export type PanelFailure = 'denied' | 'unreachable' | 'other';

/** Rule 'panel failure': 401/403 is a refusal, no answer or a 5xx is out of reach, anything else other. */
export function panelFailure(status: number | null): PanelFailure {
  if (status === 401 || status === 403) return 'denied';
  if (status === null || status >= 500) return 'unreachable';
  return 'other';
}
