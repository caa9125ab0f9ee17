// The page's queries and changes through TanStack Query. Each change is sent at once or not at all (never
// queued for later: an access level granted an hour late is a surprise) and re-reads the list after.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessLevel } from '@/domain/roles';
import { toast } from '@/ui/use-toast';
import {
  ADMIN_USERS_KEY,
  failureText,
  fetchRestrictions,
  fetchUsers,
  removeUser,
  RESTRICTIONS_KEY,
  saveRestrictions,
  setAccessLevel,
} from '../api/admin-api';
import { ADMIN_TEXT } from '../model/texts';
import { USERS_POLL_MS, type Restrictions } from '../model/users';

export function useAdminUsers() {
  return useQuery({
    queryKey: ADMIN_USERS_KEY,
    queryFn: fetchUsers,
    refetchInterval: USERS_POLL_MS,
    staleTime: 0,
    // The poll is the retry: a failed read shows at once as 'cannot be reached'.
    retry: false,
  });
}

export function useRestrictions() {
  return useQuery({
    queryKey: RESTRICTIONS_KEY,
    queryFn: fetchRestrictions,
    staleTime: 0,
    retry: false,
  });
}

export function useSaveRestrictions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRestrictions,
    retry: false,
    networkMode: 'always',
    onSuccess: (_, saved: Restrictions) => {
      queryClient.setQueryData(RESTRICTIONS_KEY, saved);
      toast({ title: ADMIN_TEXT.settingsSaved });
    },
    onError: (error) =>
      toast({
        title: ADMIN_TEXT.settingsFailed,
        description: failureText(error),
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RESTRICTIONS_KEY }),
  });
}

export function useSetAccessLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; name: string; level: AccessLevel }) =>
      setAccessLevel(input.id, input.level),
    retry: false,
    networkMode: 'always',
    onSuccess: (_, input) =>
      toast({
        title: ADMIN_TEXT.userPromoted,
        description: ADMIN_TEXT.promotedTo(input.name, input.level),
      }),
    onError: (error) =>
      toast({
        title: ADMIN_TEXT.promoteFailed,
        description: failureText(error),
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
}

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; name: string }) => removeUser(input.id),
    retry: false,
    networkMode: 'always',
    onSuccess: (_, input) =>
      toast({ title: ADMIN_TEXT.userRemoved, description: ADMIN_TEXT.removedText(input.name) }),
    onError: (error) =>
      toast({
        title: ADMIN_TEXT.removeFailed,
        description: failureText(error),
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
}
