// The header's and sidebar's status reads (spec 000 §3.5, §7). Each shows only a well-formed answer:
// an endpoint that is missing or failing shows nothing (the header) or the spec's default (the sidebar).
import { useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api';
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

export function useSoulStatus() {
  return useQuery({
    queryKey: [SOUL_STATUS_URL],
    queryFn: getJson<unknown>(SOUL_STATUS_URL),
    select: parseSoulStatus,
    staleTime: HEADER_STATUS_STALE_MS,
    retry: false,
  });
}

export function useConsciousnessStatus() {
  return useQuery({
    queryKey: [CONSCIOUSNESS_STATUS_URL],
    queryFn: getJson<unknown>(CONSCIOUSNESS_STATUS_URL),
    select: parseConsciousnessStatus,
    staleTime: HEADER_STATUS_STALE_MS,
    retry: false,
  });
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
