// GET /api/personality/current and POST /api/personality/adjust (spec 000 §7), over the shared helper.
import {
  isTone,
  parseDimensions,
  toneLabel,
  type Dimensions,
  type Tone,
} from '@/domain/personality';
import { ApiError, apiRequest } from '@/lib/api';

export const PERSONALITY_URL = '/api/personality/current';
export const ADJUST_URL = '/api/personality/adjust';
export const PERSONALITY_KEY = [PERSONALITY_URL] as const;

export interface Personality {
  current: Dimensions;
  baseline: Dimensions;
  currentTone: Tone;
  /** Whether this account may save; an older server that does not say is taken at its word on save. */
  canAdjust: boolean;
}

export function parsePersonality(value: unknown): Personality | null {
  if (typeof value !== 'object' || value === null) return null;
  const answer = value as Record<string, unknown>;
  const current = parseDimensions(answer.current);
  const baseline = parseDimensions(answer.baseline);
  if (!current || !baseline) return null;
  return {
    current,
    baseline,
    currentTone: isTone(answer.currentTone) ? answer.currentTone : toneLabel(current),
    canAdjust: answer.canAdjust !== false,
  };
}

async function read(res: Response): Promise<Personality> {
  if (res.status === 429) throw new ApiError(429, res.statusText, 'Too many requests');
  const personality = parsePersonality(await res.json().catch(() => null));
  if (!personality) throw new Error('Unexpected answer from the server');
  return personality;
}

export async function fetchPersonality({ signal }: { signal?: AbortSignal }): Promise<Personality> {
  return read(await apiRequest('GET', PERSONALITY_URL, undefined, { signal }));
}

/** Saves the five dimensions with the tone the client derived; answers what the server kept. */
export async function postAdjust(
  dimensions: Dimensions,
  tone: Tone | string,
): Promise<Personality> {
  return read(await apiRequest('POST', ADJUST_URL, { dimensions, tone }));
}
