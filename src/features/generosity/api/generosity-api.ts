// The generosity page's two calls (spec 002 §7) over the shared request helper, each answer checked.
import { getParsed } from '@/lib/api';
import {
  GENEROSITY_STATS_URL,
  GENEROSITY_STATUS_URL,
  parseGenerosityStats,
  parseGenerosityStatus,
  type GenerosityStats,
  type GenerosityStatus,
} from '../model/generosity-model';

export const STATS_KEY = [GENEROSITY_STATS_URL] as const;
export const STATUS_KEY = [GENEROSITY_STATUS_URL] as const;

export function fetchStats({ signal }: { signal?: AbortSignal }): Promise<GenerosityStats> {
  return getParsed(GENEROSITY_STATS_URL, parseGenerosityStats, signal);
}

export function fetchStatus({ signal }: { signal?: AbortSignal }): Promise<GenerosityStatus> {
  return getParsed(GENEROSITY_STATUS_URL, parseGenerosityStatus, signal);
}
