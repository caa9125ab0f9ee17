// The owner's registered name: from the status answer, else from the registration check the auth
// feature keeps in the query cache (read here without fetching it again).
import { skipToken, useQuery } from '@tanstack/react-query';
import { useAuthStatus } from '@/lib/auth-session';
import { registrationCheckIdentity } from '@/lib/registration-check';

export function useUserName(): string | null {
  const fromStatus = useAuthStatus().data?.user?.name ?? null;
  const { data } = useQuery<{ user?: { name?: string | null } | null } | null>({
    ...registrationCheckIdentity,
    queryFn: skipToken,
  });
  return fromStatus ?? data?.user?.name ?? null;
}
