// The memory panel's server state: the status polled every 5 s, a search (a command: each one counts
// its hits as accesses on the server, so it runs only when asked, never on a refetch), and create.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isRefusal } from '@/lib/api';
import { toast } from '@/ui/use-toast';
import {
  MEMORY_STATUS_KEY,
  createMemory,
  failureText,
  fetchMemoryStatus,
  searchMemories,
} from '../api/memory-api';
import { MEMORY_STATUS_POLL_MS, type ContextType } from '../model/memory';
import { MEMORY_TEXT } from '../model/texts';

/** `enabled`: false when the account is known to lack memory_threading (the panel says so). */
export function useMemoryStatus(enabled = true) {
  return useQuery({
    enabled,
    queryKey: MEMORY_STATUS_KEY,
    queryFn: fetchMemoryStatus,
    // A refusal (403) will not change by asking again: the poll stops there.
    refetchInterval: (query) => (isRefusal(query.state.error) ? false : MEMORY_STATUS_POLL_MS),
    staleTime: 0,
    // The poll is the retry: a failed read shows at once as the last known status.
    retry: false,
  });
}

export function useMemorySearch() {
  return useMutation({
    mutationFn: (query: string) => searchMemories(query),
    retry: false,
    networkMode: 'always',
  });
}

/**
 * Create, sent at once or not at all (not queued: the form keeps the text and says why, so nothing is
 * stored behind the owner's back). On success the status is read again (spec 000 §4).
 */
export function useCreateMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, contextType }: { content: string; contextType: ContextType }) =>
      createMemory(content, contextType),
    retry: false,
    networkMode: 'always',
    onSuccess: () => {
      toast({ title: MEMORY_TEXT.created });
      return queryClient.invalidateQueries({ queryKey: MEMORY_STATUS_KEY });
    },
    onError: (error) => {
      toast({
        title: MEMORY_TEXT.createFailed,
        description: failureText(error),
        variant: 'destructive',
      });
    },
  });
}
