// The two reads of /api/analytics over the shared request helper, each checked by its parser.
import { getParsed } from '@/lib/api';
import {
  ANALYTICS_SUMMARY_URL,
  MONITORING_URL,
  parseAnalyticsSummary,
  parseMonitoring,
  type AnalyticsSummary,
  type Monitoring,
} from '../model/analytics-data';

export const ANALYTICS_SUMMARY_KEY = [ANALYTICS_SUMMARY_URL] as const;
export const MONITORING_KEY = [MONITORING_URL] as const;

export function fetchAnalyticsSummary({
  signal,
}: {
  signal?: AbortSignal;
}): Promise<AnalyticsSummary> {
  return getParsed(ANALYTICS_SUMMARY_URL, parseAnalyticsSummary, signal);
}

export function fetchMonitoring({ signal }: { signal?: AbortSignal }): Promise<Monitoring> {
  return getParsed(MONITORING_URL, parseMonitoring, signal);
}
