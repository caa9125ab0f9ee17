// The two pages' reads. Both are kept in the persisted cache, so offline each page shows the figures it
// last read (with the offline notice). Analytics reads again on each visit; Monitoring every minute and on
// its Refresh button.
import { useQuery } from '@tanstack/react-query';
import {
  ANALYTICS_SUMMARY_KEY,
  fetchAnalyticsSummary,
  fetchMonitoring,
  MONITORING_KEY,
} from '../api/analytics-api';
import { MONITORING_POLL_MS } from '../model/analytics-data';

export function useAnalyticsSummary() {
  return useQuery({
    queryKey: ANALYTICS_SUMMARY_KEY,
    queryFn: fetchAnalyticsSummary,
    staleTime: 0,
  });
}

export function useMonitoring() {
  return useQuery({
    queryKey: MONITORING_KEY,
    queryFn: fetchMonitoring,
    staleTime: 0,
    refetchInterval: MONITORING_POLL_MS,
    // The poll is the retry.
    retry: false,
  });
}
