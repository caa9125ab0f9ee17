// The auth calls of docs/api-auth.md, over the shared request helper.
import { queryOptions } from '@tanstack/react-query';
import { parseAuthUser, type AuthUser } from '@/domain/auth';
import { ApiError, apiRequest, getJson } from '@/lib/api';
import { registrationCheckIdentity, registrationCheckKey } from '@/lib/registration-check';
import type { FailedAnswer } from '../model/messages';

/** Reads an answer's JSON; a non-OK answer that the helper let through (a 429) becomes an ApiError. */
async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''));
  return (await res.json()) as T;
}

/** The status and body of a failed call, or null when no answer came (network, abort, bad JSON). */
export function failedAnswer(error: unknown): FailedAnswer | null {
  return error instanceof ApiError ? { status: error.status, bodyText: error.bodyText } : null;
}

export interface LoginAnswer {
  success: boolean;
  clientId: string | null;
  user: AuthUser | null;
  isOwnerDevice: boolean;
}

export async function postLogin(password: string): Promise<LoginAnswer> {
  const raw = await json<Record<string, unknown>>(
    await apiRequest('POST', '/api/auth/login', { password }),
  );
  const user = parseAuthUser(raw.user);
  return {
    success: raw.success !== false,
    clientId: typeof raw.clientId === 'string' ? raw.clientId : (user?.clientId ?? null),
    user,
    isOwnerDevice: raw.isOwnerDevice === true,
  };
}

export interface RegistrationCheck {
  isRegistered: boolean;
  isPending: boolean;
  clientId: string | null;
  user: { name: string } | null;
}

export { registrationCheckKey };

export const registrationCheckQuery = queryOptions({
  ...registrationCheckIdentity,
  queryFn: async (context): Promise<RegistrationCheck | null> => {
    try {
      return await getJson<RegistrationCheck>('/api/users/check-registration', {
        on401: 'returnNull',
      })(context);
    } catch (error) {
      console.warn('Registration check failed', error); // only logged (spec 000 §8)
      throw error;
    }
  },
  retry: false,
});

export interface RegisterAnswer {
  success: boolean;
  user: { name: string; clientId: string };
  welcomeMessage: string;
}

export async function postRegister(name: string, clientId: string): Promise<RegisterAnswer> {
  return json<RegisterAnswer>(await apiRequest('POST', '/api/users/register', { name, clientId }));
}

export interface PairAnswer {
  success: boolean;
  user: AuthUser | null;
}

export async function postPair(code: string): Promise<PairAnswer> {
  const raw = await json<Record<string, unknown>>(
    await apiRequest('POST', '/api/auth/pair', { code }),
  );
  return { success: raw.success !== false, user: parseAuthUser(raw.user) };
}

export interface PairingCode {
  code: string;
  expiresAt: string;
}

export async function postPairingCode(): Promise<PairingCode> {
  return json<PairingCode>(await apiRequest('POST', '/api/auth/pairing-code'));
}

export const deviceCheckQuery = queryOptions({
  queryKey: ['auth', 'device-check'] as const,
  queryFn: getJson<{ isOwnerDevice: boolean }>('/api/auth/device-check', { on401: 'returnNull' }),
  meta: { persist: false },
  staleTime: 0,
});
