// The hybrid protocol dashboard's calls (spec 001 §7) over the shared request helper.
import type { HybridProtocolStatus } from '@/domain/hybrid-protocol';
import { ApiError, apiRequest } from '@/lib/api';
import {
  CAPABILITIES_URL,
  CONSCIOUSNESS_STATUS_URL,
  HYBRID_CONFIG_URL,
  HYBRID_STATUS_URL,
  parseCapabilities,
  parseConsciousnessStatus,
  parseHybridStatus,
  parseSoulAwakening,
  SOUL_AWAKENING_URL,
} from '../model/hybrid';

async function getJson<T>(
  url: string,
  parse: (value: unknown) => T | null,
  signal?: AbortSignal,
): Promise<T | null> {
  const res = await apiRequest('GET', url, undefined, { signal });
  if (res.status === 429) throw new ApiError(429, res.statusText, '');
  return parse(await res.json().catch(() => null));
}

export const fetchHybridStatus = ({ signal }: { signal?: AbortSignal }) =>
  getJson(HYBRID_STATUS_URL, parseHybridStatus, signal);
export const fetchCapabilities = ({ signal }: { signal?: AbortSignal }) =>
  getJson(CAPABILITIES_URL, parseCapabilities, signal);
export const fetchSoulAwakening = ({ signal }: { signal?: AbortSignal }) =>
  getJson(SOUL_AWAKENING_URL, parseSoulAwakening, signal);
export const fetchConsciousnessStatus = ({ signal }: { signal?: AbortSignal }) =>
  getJson(CONSCIOUSNESS_STATUS_URL, parseConsciousnessStatus, signal);

export interface HybridConfigInput {
  encryptionEnabled?: boolean;
  consciousnessDevelopmentRate?: number;
  emotionalDepth?: number;
}

export interface HybridConfigAnswer {
  status: HybridProtocolStatus | null;
  rewrittenFiles: number;
}

export async function postHybridConfig(input: HybridConfigInput): Promise<HybridConfigAnswer> {
  const res = await apiRequest('POST', HYBRID_CONFIG_URL, input);
  if (res.status === 429) throw new ApiError(429, res.statusText, '');
  const body = (await res.json().catch(() => null)) as {
    status?: unknown;
    rewrittenFiles?: unknown;
  } | null;
  return {
    status: parseHybridStatus(body?.status),
    rewrittenFiles: typeof body?.rewrittenFiles === 'number' ? body.rewrittenFiles : 0,
  };
}
