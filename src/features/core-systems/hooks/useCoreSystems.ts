// The page's reads and actions through TanStack Query. Nothing is read before 'Test All Core Systems'
// (spec 001 §7); after it the cards stay, and pressing again reads every module anew, all at once. The
// answers are never persisted: a card shown is one read in this session. A module whose call needs a
// permission the account lacks (by the auth status's list and the shared table) is not asked: its card
// says so, as it does when the server refuses one while the list is not known.
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { readPermissionOf } from '@/domain/area-permissions';
import { CORE_MODULES } from '@/domain/core-systems';
import { holdsPermission, type PermissionId } from '@/domain/permissions';
import { isRefusal } from '@/lib/api';
import { useAuthStatus } from '@/lib/auth-session';
import { CORE_SYSTEMS_KEY, fetchModule, runAction } from '../api/core-systems-api';
import { CORE_ACTIONS, failureTextOf } from '../model/core-systems';

export function useCoreSystems() {
  const queryClient = useQueryClient();
  const [started, setStarted] = useState(
    () => queryClient.getQueryData([...CORE_SYSTEMS_KEY, CORE_MODULES[0]!.id]) !== undefined,
  );
  const permissions = useAuthStatus().data?.permissions;
  const needs = CORE_MODULES.map((module) => readPermissionOf(module.path));
  const held = needs.map((need) => need === null || holdsPermission(permissions, need) !== false);
  const queries = useQueries({
    queries: CORE_MODULES.map((module, i) => ({
      queryKey: [...CORE_SYSTEMS_KEY, module.id],
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        try {
          return await fetchModule(module.path, signal);
        } catch (error) {
          // Spec 001 §8: a module's failure is logged; the card says it too. A refusal is not one.
          if (!isRefusal(error))
            console.warn(`Core systems: ${module.path} failed: ${failureTextOf(error)}`);
          throw error;
        }
      },
      enabled: started && held[i],
      staleTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      meta: { persist: false },
    })),
  });
  const testAll = () => {
    if (!started) setStarted(true);
    // A module not open to the account stays unasked: refetching skips disabled queries.
    else void queryClient.refetchQueries({ queryKey: CORE_SYSTEMS_KEY });
  };
  /** For each module, the permission it needs when the account lacks it (or the server said so). */
  const refusedFor: Record<string, PermissionId | null> = Object.fromEntries(
    CORE_MODULES.map((module, i) => [
      module.id,
      needs[i] && (!held[i] || isRefusal(queries[i]!.error)) ? needs[i] : null,
    ]),
  );
  return {
    started,
    testAll,
    testing: queries.some((query) => query.isFetching),
    results: Object.fromEntries(CORE_MODULES.map((module, i) => [module.id, queries[i]!])),
    refusedFor,
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
