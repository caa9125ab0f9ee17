// The self-mod calls (spec 001 §7) over the shared request helper, and the last answers kept on the
// device for a panel opened offline (localStorage: the query cache keeps only queries whose last read
// succeeded, so a failed refresh offline would drop them from its saved copy).
import { SELF_MOD_LOG_FETCH } from '@/domain/self-mod';
import { ApiError, apiRequest, getParsed } from '@/lib/api';
import type { MappedCommand } from '../model/command-mapping';
import {
  parseConfig,
  parseExecuteAnswer,
  parseGreeting,
  parseLogs,
  SELF_MOD_BASE,
  type ExecuteAnswer,
  type SelfModConfig,
  type SelfModGreeting,
} from '../model/self-mod';

export const CONFIG_URL = `${SELF_MOD_BASE}/config`;
export const GREETING_URL = `${SELF_MOD_BASE}/greeting`;
export const LOGS_URL = `${SELF_MOD_BASE}/logs/${SELF_MOD_LOG_FETCH}`;
export const PYTHON_LOGS_URL = `${SELF_MOD_BASE}/python-logs/${SELF_MOD_LOG_FETCH}`;
export const EXECUTE_URL = `${SELF_MOD_BASE}/execute`;
export const APPLY_PATCH_URL = `${SELF_MOD_BASE}/apply-latest-patch`;

/** Every self-mod query's key starts with this: one invalidation reloads the panel. */
export const SELF_MOD_KEY = ['self-mod'] as const;

export const fetchConfig = (signal?: AbortSignal) => getParsed(CONFIG_URL, parseConfig, signal);
export const fetchGreeting = (signal?: AbortSignal) =>
  getParsed(GREETING_URL, parseGreeting, signal);
export const fetchLogs = (signal?: AbortSignal) => getParsed(LOGS_URL, parseLogs, signal);
export const fetchPythonLogs = (signal?: AbortSignal) =>
  getParsed(PYTHON_LOGS_URL, parseLogs, signal);

/** POST execute; a 4xx/5xx throws ApiError (its body holds the server's message), no answer a TypeError. */
export async function postExecute(command: MappedCommand): Promise<ExecuteAnswer> {
  const res = await apiRequest('POST', EXECUTE_URL, command);
  if (res.status === 429) throw new ApiError(429, res.statusText, 'Too many requests');
  return parseExecuteAnswer(await res.json().catch(() => null));
}

export async function postApplyLatestPatch(): Promise<ExecuteAnswer> {
  const res = await apiRequest('POST', APPLY_PATCH_URL);
  if (res.status === 429) throw new ApiError(429, res.statusText, 'Too many requests');
  return parseExecuteAnswer(await res.json().catch(() => null));
}

export const KEPT_SELF_MOD_KEY = 'kiri-self-mod';

export interface KeptSelfMod {
  config?: { value: SelfModConfig; at: number };
  greeting?: { value: SelfModGreeting; at: number };
  logs?: { value: string[]; at: number };
  pythonLogs?: { value: string[]; at: number };
}

export type KeptPart = keyof KeptSelfMod;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const PARSERS: {
  [K in KeptPart]: (value: unknown) => NonNullable<KeptSelfMod[K]>['value'] | null;
} = {
  config: (value) => parseConfig({ config: value }),
  greeting: parseGreeting,
  logs: (value) => parseLogs({ logs: value }),
  pythonLogs: (value) => parseLogs({ logs: value }),
};

export function readKeptSelfMod(): KeptSelfMod {
  try {
    const raw = storage()?.getItem(KEPT_SELF_MOD_KEY);
    if (!raw) return {};
    const kept = JSON.parse(raw) as Record<string, { value?: unknown; at?: unknown } | undefined>;
    const out: Record<string, unknown> = {};
    for (const part of Object.keys(PARSERS) as KeptPart[]) {
      const entry = kept[part];
      const value = entry ? PARSERS[part](entry.value) : null;
      if (value !== null && typeof entry?.at === 'number') out[part] = { value, at: entry.at };
    }
    return out as KeptSelfMod;
  } catch {
    return {};
  }
}

export function keepSelfMod<K extends KeptPart>(
  part: K,
  value: NonNullable<KeptSelfMod[K]>['value'],
  at: number,
): void {
  try {
    const next = { ...readKeptSelfMod(), [part]: { value, at } };
    storage()?.setItem(KEPT_SELF_MOD_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the panel then only has what this page read.
  }
}
