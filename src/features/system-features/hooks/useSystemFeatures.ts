// The page's four calls, each polled at the spec's interval (001 §9). Opened offline, each starts from
// the last answer this device kept, with its time, until the server answers again.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchCall, queryKeyOf, readKept, type CallData } from '../api/system-features-api';
import { POLL_MS, type FeatureCall } from '../model/system-features';

export function useFeatureCall<K extends FeatureCall>(call: K) {
  const [kept] = useState(() => readKept(call));
  return useQuery<CallData[K]>({
    queryKey: queryKeyOf(call),
    queryFn: (context) => fetchCall(call, context),
    initialData: kept?.data,
    initialDataUpdatedAt: kept?.at,
    refetchInterval: POLL_MS[call],
    // Every mount reads afresh: the kept copy is only for the page opened offline.
    staleTime: 0,
    // The poll is the retry: a failed read shows at once as such instead of after backoffs.
    retry: false,
    // These answers change every few seconds: the device keeps its own copy (api/), not the cache's.
    meta: { persist: false },
  });
}

export function useSystemFeatures() {
  return {
    tree: useFeatureCall('tree'),
    console: useFeatureCall('console'),
    fallback: useFeatureCall('fallback'),
    mirror: useFeatureCall('mirror'),
  };
}
