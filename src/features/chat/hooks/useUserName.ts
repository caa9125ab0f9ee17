// The owner's registered name: from the status answer, else from the registration check the auth
// feature keeps in the query cache (read here without fetching it again).
import { skipToken, useQuery } from '@tanstack/react-query';
import { useAuthStatus } from '@/lib/auth-session';

const REGISTRATION_CHECK_KEY = ['users', 'check-registration'] as const;

export function useUserName(): string | null {
  const fromStatus = useAuthStatus().data?.user?.name ?? null;
  const { data } = useQuery<{ user?: { name?: string | null } | null } | null>({
    queryKey: REGISTRATION_CHECK_KEY,
    queryFn: skipToken,
  });
  return fromStatus ?? data?.user?.name ?? null;
}
