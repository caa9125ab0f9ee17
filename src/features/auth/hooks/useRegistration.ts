// Registering a name, or pairing this device to the owner's: the calls and what follows them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeClientId } from '@/lib/auth-session';
import { toast } from '@/ui/use-toast';
import {
  failedAnswer,
  postPair,
  postRegister,
  registrationCheckKey,
  type RegistrationCheck,
} from '../api/auth-api';
import { pairingFailure, registrationFailure, REGISTRATION_TEXT } from '../model/messages';

/**
 * The server has just put the welcome message in the conversation (or this device just joined the
 * owner's): bring it to the device now, not at the next replay. Loaded on demand: it brings the
 * device store with it.
 */
function pullConversation(): void {
  void import('@/lib/outbox-sync')
    .then((sync) => sync.requestReplay({ force: true }))
    .catch((error: unknown) => console.warn('Could not ask for the conversation', error));
}

export function useRegisterName(onInlineError: (message: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, clientId }: { name: string; clientId: string }) =>
      postRegister(name, clientId),
    retry: false,
    networkMode: 'always',
    onSuccess: async (answer, { name, clientId }) => {
      const registered: RegistrationCheck = {
        isRegistered: true,
        isPending: false,
        clientId: answer.user?.clientId ?? clientId,
        user: { name: answer.user?.name ?? name },
      };
      queryClient.setQueryData(registrationCheckKey, registered);
      toast({ title: REGISTRATION_TEXT.welcomeTitle, description: answer.welcomeMessage });
      await queryClient.invalidateQueries();
      pullConversation();
    },
    onError: (error) => {
      const failure = registrationFailure(failedAnswer(error));
      if ('inline' in failure) onInlineError(failure.inline);
      else toast(failure.toast);
    },
  });
}

export function usePairDevice(onInlineError: (message: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => postPair(code),
    retry: false,
    networkMode: 'always',
    onSuccess: async (answer) => {
      const user = answer.user;
      if (user?.clientId) storeClientId(user.clientId);
      const registered: RegistrationCheck = {
        isRegistered: true,
        isPending: false,
        clientId: user?.clientId ?? null,
        user: { name: user?.name ?? '' },
      };
      queryClient.setQueryData(registrationCheckKey, registered);
      toast({
        title: REGISTRATION_TEXT.welcomeTitle,
        description: user?.name
          ? `Good to see you again, ${user.name}. This device is now one of yours.`
          : 'This device is now one of yours.',
      });
      await queryClient.invalidateQueries();
      pullConversation();
    },
    onError: (error) => {
      const failure = pairingFailure(failedAnswer(error));
      if ('inline' in failure) onInlineError(failure.inline);
      else toast(failure.toast);
    },
  });
}
