// The panel's four reads (read on opening, after each command and on Refresh: spec 001 gives no polling
// interval for them) and its two actions, each followed by a reload. Actions are sent at once or not at
// all: never queued for later.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { serverMessageFrom } from '@/domain/errors';
import { SELF_MOD_TEXT } from '@/domain/self-mod';
import { isApiError } from '@/lib/api';
import { toast } from '@/ui/use-toast';
import {
  fetchConfig,
  fetchGreeting,
  fetchLogs,
  fetchPythonLogs,
  keepSelfMod,
  postApplyLatestPatch,
  postExecute,
  readKeptSelfMod,
  SELF_MOD_KEY,
  type KeptPart,
  type KeptSelfMod,
} from '../api/self-mod-api';
import type { MappedCommand } from '../model/command-mapping';

type Value<K extends KeptPart> = NonNullable<KeptSelfMod[K]>['value'];

function usePart<K extends KeptPart>(
  part: K,
  fetcher: (signal?: AbortSignal) => Promise<Value<K>>,
) {
  const [kept] = useState(readKeptSelfMod);
  const initial = kept[part] as { value: Value<K>; at: number } | undefined;
  return useQuery({
    queryKey: [...SELF_MOD_KEY, part],
    queryFn: async ({ signal }) => {
      const value = await fetcher(signal);
      keepSelfMod(part, value, Date.now());
      return value;
    },
    // Opened offline: what this device last read, with its time, until the server answers.
    initialData: initial?.value,
    initialDataUpdatedAt: initial?.at,
    staleTime: 0,
    retry: false,
    // The panel keeps its own copy (above): the shared persisted cache need not hold the log lines.
    meta: { persist: false },
  });
}

export function useSelfModData() {
  return {
    config: usePart('config', fetchConfig),
    greeting: usePart('greeting', fetchGreeting),
    logs: usePart('logs', fetchLogs),
    pythonLogs: usePart('pythonLogs', fetchPythonLogs),
  };
}

/** The server's words for a refused call, else null (a network failure has none). */
export function refusalText(error: unknown): string | null {
  if (!isApiError(error)) return null;
  return serverMessageFrom(error.bodyText) ?? error.message;
}

export function useExecuteCommand(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: MappedCommand) => postExecute(command),
    retry: false,
    networkMode: 'always',
    onSuccess: (answer) => {
      if (answer.success) {
        toast({ title: SELF_MOD_TEXT.commandOk, description: answer.message ?? undefined });
        onDone();
      } else {
        toast({
          title: SELF_MOD_TEXT.commandFailed,
          description: answer.message ?? answer.error ?? undefined,
          variant: 'destructive',
        });
      }
    },
    onError: (error) => {
      const refused = refusalText(error);
      if (refused !== null) {
        toast({ title: SELF_MOD_TEXT.commandFailed, description: refused, variant: 'destructive' });
      } else {
        toast({
          title: SELF_MOD_TEXT.executionError,
          description: SELF_MOD_TEXT.executionErrorText,
          variant: 'destructive',
        });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SELF_MOD_KEY }),
  });
}

export function useApplyLatestPatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postApplyLatestPatch,
    retry: false,
    networkMode: 'always',
    onSuccess: () => {
      toast({ title: SELF_MOD_TEXT.greetingUpdated, description: SELF_MOD_TEXT.patchApplied });
    },
    // Spec 001 §8: a failure of Apply Latest Patch is only logged.
    onError: (error) => {
      console.warn('Apply Latest Patch failed:', refusalText(error) ?? error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SELF_MOD_KEY }),
  });
}
