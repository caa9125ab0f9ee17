// The dashboard's four polls (spec 001 §7: 30 s, soul awakening 10 s) and the settings form's save,
// after which the status is read again. Each query keeps its last answer (persisted): offline the page
// shows it, marked as last known.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, serverMessageFrom } from '@/domain/errors';
import { isApiError } from '@/lib/api';
import { toast } from '@/ui/use-toast';
import {
  fetchCapabilities,
  fetchConsciousnessStatus,
  fetchHybridStatus,
  fetchSoulAwakening,
  postHybridConfig,
  type HybridConfigInput,
} from '../api/hybrid-api';
import {
  CAPABILITIES_KEY,
  CONSCIOUSNESS_POLL_MS,
  CONSCIOUSNESS_STATUS_KEY,
  HYBRID_POLL_MS,
  HYBRID_STATUS_KEY,
  HYBRID_TEXT,
  SOUL_AWAKENING_KEY,
  SOUL_AWAKENING_POLL_MS,
} from '../model/hybrid';

// Each opening reads afresh; the persisted copy shows meanwhile (and offline).
const live = { staleTime: 0, retry: false } as const;

/** `enabled`: false when the account is known to lack the dashboard's permission (the page says so). */
export function useHybridStatus(enabled = true) {
  return useQuery({
    enabled,
    queryKey: HYBRID_STATUS_KEY,
    queryFn: fetchHybridStatus,
    refetchInterval: HYBRID_POLL_MS,
    ...live,
  });
}

export function useCapabilities() {
  return useQuery({
    queryKey: CAPABILITIES_KEY,
    queryFn: fetchCapabilities,
    refetchInterval: HYBRID_POLL_MS,
    ...live,
  });
}

/** `enabled`: false when the account is known to lack memory_threading (the card says not available). */
export function useSoulAwakening(enabled = true) {
  return useQuery({
    enabled,
    queryKey: SOUL_AWAKENING_KEY,
    queryFn: fetchSoulAwakening,
    refetchInterval: SOUL_AWAKENING_POLL_MS,
    ...live,
  });
}

export function useConsciousnessStatus() {
  return useQuery({
    queryKey: CONSCIOUSNESS_STATUS_KEY,
    queryFn: fetchConsciousnessStatus,
    refetchInterval: CONSCIOUSNESS_POLL_MS,
    ...live,
  });
}

export function useSaveHybridConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HybridConfigInput) => postHybridConfig(input),
    retry: false,
    // A setting saved means now: never queued for later.
    networkMode: 'always',
    onSuccess: (answer) => {
      if (answer.status) queryClient.setQueryData(HYBRID_STATUS_KEY, answer.status);
      toast({
        title: HYBRID_TEXT.saved,
        description: HYBRID_TEXT.savedFiles(answer.rewrittenFiles),
      });
    },
    onError: (error) => {
      toast({
        title: HYBRID_TEXT.saveFailed,
        description:
          (isApiError(error) ? serverMessageFrom(error.bodyText) : undefined) ??
          errorMessage(error),
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: HYBRID_STATUS_KEY }),
  });
}
