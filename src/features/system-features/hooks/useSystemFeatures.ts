// The page's four calls, each polled at the spec's interval (001 §9). Opened offline, each starts from
// the last answer this device kept, with its time, until the server answers again. A call whose area
// the account is known not to hold (the auth status's list) is not asked (each poll would be a 403) and
// shows as refused, with nothing kept from before.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { readPermissionOf } from '@/domain/area-permissions';
import { isRefusal } from '@/lib/api';
import { useAreaAccess } from '@/lib/auth-session';
import { fetchCall, queryKeyOf, readKept, type CallData } from '../api/system-features-api';
import { CALL_URL, POLL_MS, type FeatureCall } from '../model/system-features';

export function useFeatureCall<K extends FeatureCall>(call: K) {
  const access = useAreaAccess(readPermissionOf(CALL_URL[call]));
  const [kept] = useState(() => readKept(call));
  const query = useQuery<CallData[K]>({
    enabled: access.ask,
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
  const refused = access.denied || isRefusal(query.error);
  return {
    data: refused ? undefined : query.data,
    isError: query.isError,
    dataUpdatedAt: query.dataUpdatedAt,
    /** The server refused (or would refuse) this account: no access, not a failure. */
    refused,
  };
}

export function useSystemFeatures() {
  return {
    tree: useFeatureCall('tree'),
    console: useFeatureCall('console'),
    fallback: useFeatureCall('fallback'),
    mirror: useFeatureCall('mirror'),
  };
}
