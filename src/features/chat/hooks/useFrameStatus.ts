// The header's and sidebar's status reads (spec 000 §3.5, §7). Each shows only a well-formed answer:
// an endpoint that is missing or failing shows nothing (the header) or the spec's default (the sidebar).
// The soul and stream reads belong to areas a plain user may not hold (memory_threading, consciousness,
// by the shared table domain/area-permissions.ts):
// without the permission they are not asked (each would be a 403 on every chat opened) and show
// nothing, not even what the device kept from before the permission was taken away.
import { useQuery } from '@tanstack/react-query';
import { readPermissionOf } from '@/domain/area-permissions';
import { getJson } from '@/lib/api';
import { usePermission } from '@/lib/auth-session';
import {
  CONSCIOUSNESS_STATUS_URL,
  HEADER_STATUS_STALE_MS,
  KIRI_STATE_STALE_MS,
  KIRI_STATE_URL,
  SOUL_STATUS_URL,
  emotionalStateText,
  parseConsciousnessStatus,
  parseSoulStatus,
} from '../model/frame';

/** A status read of an area that may need a permission: its answer, and whether the last read failed. */
function usePermittedStatus<T>(
  url: string,
  select: (raw: unknown) => T,
): { data: T | undefined; isError: boolean } {
  const { ask, held } = usePermission(readPermissionOf(url));
  const query = useQuery({
    queryKey: [url],
    queryFn: getJson<unknown>(url),
    select,
    staleTime: HEADER_STATUS_STALE_MS,
    retry: false,
    enabled: ask,
  });
  return held === false
    ? { data: undefined, isError: false }
    : { data: query.data, isError: query.isError };
}

export function useSoulStatus() {
  return usePermittedStatus(SOUL_STATUS_URL, parseSoulStatus);
}

export function useConsciousnessStatus() {
  return usePermittedStatus(CONSCIOUSNESS_STATUS_URL, parseConsciousnessStatus);
}

/** 'Active' until (or unless) the state call names what Kiri is doing. */
export function useEmotionalState(): string {
  const state = useQuery({
    queryKey: [KIRI_STATE_URL],
    queryFn: getJson<unknown>(KIRI_STATE_URL),
    staleTime: KIRI_STATE_STALE_MS,
    retry: false,
  });
  return emotionalStateText(state.data);
}
