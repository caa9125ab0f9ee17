// The page's reads and actions through TanStack Query. Nothing is read before 'Test All Core Systems'
// (spec 001 §7); after it the cards stay, and pressing again reads every module anew, all at once. The
// answers are never persisted: a card shown is one read in this session.
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CORE_MODULES } from '@/domain/core-systems';
import { CORE_SYSTEMS_KEY, fetchModule, runAction } from '../api/core-systems-api';
import { CORE_ACTIONS, failureTextOf } from '../model/core-systems';

export function useCoreSystems() {
  const queryClient = useQueryClient();
  const [started, setStarted] = useState(
    () => queryClient.getQueryData([...CORE_SYSTEMS_KEY, CORE_MODULES[0]!.id]) !== undefined,
  );
  const queries = useQueries({
    queries: CORE_MODULES.map((module) => ({
      queryKey: [...CORE_SYSTEMS_KEY, module.id],
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        try {
          return await fetchModule(module.path, signal);
        } catch (error) {
          // Spec 001 §8: a module's failure is logged; the card says it too.
          console.warn(`Core systems: ${module.path} failed: ${failureTextOf(error)}`);
          throw error;
        }
      },
      enabled: started,
      staleTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      meta: { persist: false },
    })),
  });
  const testAll = () => {
    if (!started) setStarted(true);
    else void queryClient.refetchQueries({ queryKey: CORE_SYSTEMS_KEY });
  };
  return {
    started,
    testAll,
    testing: queries.some((query) => query.isFetching),
    results: Object.fromEntries(CORE_MODULES.map((module, i) => [module.id, queries[i]!])),
  };
}

/** One of the two actions; its answer's status becomes the card's value at once. */
export function useCoreAction(moduleId: string) {
  const queryClient = useQueryClient();
  const action = CORE_ACTIONS[moduleId];
  return useMutation({
    mutationFn: () => runAction(action!.path),
    onSuccess: (answer) => {
      queryClient.setQueryData([...CORE_SYSTEMS_KEY, moduleId], answer.status);
    },
  });
}
