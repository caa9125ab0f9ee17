// The admin calls of spec 002 §7 over the shared request helper (docs/api-auth.md has their answers).
import { errorMessage, serverMessageFrom } from '@/domain/errors';
import type { AccessLevel } from '@/domain/roles';
import { apiRequest, isApiError } from '@/lib/api';
import {
  ADMIN_USERS_URL,
  parseRestrictions,
  parseUsersAnswer,
  RESTRICTIONS_URL,
  type Restrictions,
  type UserProfile,
} from '../model/users';

export const ADMIN_USERS_KEY = [ADMIN_USERS_URL] as const;
export const RESTRICTIONS_KEY = [RESTRICTIONS_URL] as const;

async function readJson(res: Response): Promise<unknown> {
  return res.json().catch(() => null);
}

export async function fetchUsers({ signal }: { signal?: AbortSignal }): Promise<UserProfile[]> {
  const users = parseUsersAnswer(
    await readJson(await apiRequest('GET', ADMIN_USERS_URL, undefined, { signal })),
  );
  if (!users) throw new Error('Unexpected answer from the server');
  return users;
}

export async function fetchRestrictions({
  signal,
}: {
  signal?: AbortSignal;
}): Promise<Restrictions> {
  const restrictions = parseRestrictions(
    await readJson(await apiRequest('GET', RESTRICTIONS_URL, undefined, { signal })),
  );
  if (!restrictions) throw new Error('Unexpected answer from the server');
  return restrictions;
}

/** A 429 comes back from the helper as an answer: for a change it is a failure. */
async function change(method: 'POST' | 'DELETE', url: string, body?: unknown): Promise<void> {
  const res = await apiRequest(method, url, body);
  if (res.status === 429) throw new Error('Too many requests. Try again in a moment.');
}

export function saveRestrictions(restrictions: Restrictions): Promise<void> {
  return change('POST', RESTRICTIONS_URL, restrictions);
}

/** POST …/promote {accessLevel}: user, engineer or admin. */
export function setAccessLevel(userId: string, accessLevel: AccessLevel): Promise<void> {
  return change('POST', `${ADMIN_USERS_URL}/${encodeURIComponent(userId)}/promote`, {
    accessLevel,
  });
}

export function removeUser(userId: string): Promise<void> {
  return change('DELETE', `${ADMIN_USERS_URL}/${encodeURIComponent(userId)}`);
}

/** A failure in words: the server's own message when it sent one, else what went wrong. */
export function failureText(error: unknown): string {
  if (isApiError(error)) return serverMessageFrom(error.bodyText) ?? error.message;
  if (error instanceof TypeError) return 'The server cannot be reached.';
  return errorMessage(error);
}
