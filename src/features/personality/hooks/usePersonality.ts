// Kiri's personality from the server, and its save. The query is persisted with the app's cache, so a
// screen opened offline shows the last values read on this device (marked as such by the screen).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dimensions, Tone } from '@/domain/personality';
import {
  PERSONALITY_KEY,
  fetchPersonality,
  postAdjust,
  type Personality,
} from '../api/personality-api';

export function usePersonality() {
  return useQuery({
    queryKey: PERSONALITY_KEY,
    queryFn: fetchPersonality,
    // Each opening reads afresh: another device may have saved since.
    staleTime: 0,
  });
}

export interface AdjustVariables {
  dimensions: Dimensions;
  tone: Tone | string;
}

/**
 * A save. Sent at once or not at all (never paused and replayed later, which could undo a newer save
 * made elsewhere); on success the answer becomes the cached personality everywhere.
 */
export function useAdjustPersonality() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dimensions, tone }: AdjustVariables) => postAdjust(dimensions, tone),
    retry: false,
    networkMode: 'always',
    onSuccess: (saved: Personality) => queryClient.setQueryData(PERSONALITY_KEY, saved),
  });
}
