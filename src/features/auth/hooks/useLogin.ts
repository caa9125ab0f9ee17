// Login: post the code; on success store the flags, greet, and re-check the status after 0.2 s.
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authStatusQueryKey, storeLoginFlags } from '@/lib/auth-session';
import { toast } from '@/ui/use-toast';
import { failedAnswer, postLogin } from '../api/auth-api';
import { loginFailureToast, loginSuccessToast } from '../model/messages';

export const LOGIN_PROCEED_DELAY_MS = 200;

export function useLogin(personaName: string) {
  const queryClient = useQueryClient();
  const [proceeding, setProceeding] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const mutation = useMutation({
    mutationFn: postLogin,
    // A retried wrong code would count twice against the server's throttle; and a login must say at
    // once when the network is down rather than wait for it.
    retry: false,
    networkMode: 'always',
    onSuccess: (answer) => {
      storeLoginFlags(answer.clientId);
      toast(loginSuccessToast(personaName));
      setProceeding(true);
      timer.current = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: authStatusQueryKey }).finally(() => {
          setProceeding(false);
        });
      }, LOGIN_PROCEED_DELAY_MS);
    },
    onError: (error) => {
      toast(loginFailureToast(failedAnswer(error), personaName));
    },
  });

  return {
    login: (password: string) => mutation.mutate(password),
    busy: mutation.isPending || proceeding,
  };
}
