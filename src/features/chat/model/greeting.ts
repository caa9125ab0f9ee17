// The greetings (spec 000 §4, §5): the greeting filter and the initial greeting.
import { isBareGreeting, NOTED_REPLY, shouldFilterGreeting } from '@/domain/greeting-filter';

export { NOTED_REPLY };

export type SendPlan =
  /** Answered here with 'Mm, noted.'; nothing is sent. */
  | { kind: 'noted' }
  /** Queued for Kiri; `greeting` restarts the 30-minute window. */
  | { kind: 'send'; greeting: boolean };

/**
 * A bare hello, hi or hey within 30 minutes of the owner's last greeting is answered locally. A greeting
 * that does go to Kiri restarts the window; one the filter answered does not (else a hello every 20
 * minutes would never reach her again).
 */
export function planSend(text: string, lastGreetingAt: number | null, now: number): SendPlan {
  if (shouldFilterGreeting(text, lastGreetingAt, now)) return { kind: 'noted' };
  return { kind: 'send', greeting: isBareGreeting(text) };
}

/**
 * The initial greeting is asked for once per browser session, only for an empty day, only online, and
 * only by a registered (or paired) device. The day counts as empty only once the device has pulled its
 * account's conversation: a new device, or one that was away, has an empty store for a day the others
 * have talked in. Issue 8: a desktop being paired asked while the registration dialog was open, under
 * the account it had until then (whose log was empty), so the greeting was never in the owner's log,
 * and after the pull it sat at the end of the owner's day on that device alone.
 */
export function shouldRequestInitialGreeting(input: {
  todayMessageCount: number | undefined;
  greeted: boolean;
  online: boolean;
  /** Registered or paired: the account is the one whose conversation the chat shows. */
  registered: boolean;
  /** A pull of that account's conversation has succeeded since the page opened (or it registered). */
  synced: boolean;
}): boolean {
  return (
    input.todayMessageCount === 0 &&
    !input.greeted &&
    input.online &&
    input.registered &&
    input.synced
  );
}
/** After the server answered the greeting with an error it may get over (5xx, 408, 429), ask again. */
export const GREETING_RETRY_MS = 30_000;

/**
 * The server's 409: its log already has messages for the day (another device talked, or was greeted,
 * first). No greeting is made; the device pulls the day instead, and does not ask again.
 */
export function isGreetingForBegunDay(status: number): boolean {
  return status === 409;
}

/** Whether a greeting the server did not give is worth asking for again in this browser session. */
export function isGreetingWorthRetrying(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** One greeting per day and device: a replay of the request returns the same answer (same ids). */
export function greetingIdempotencyKey(sessionId: string, clientId: string | null): string {
  return `greeting-${sessionId}-${clientId || 'device'}`;
}

export const INITIAL_GREETING_BODY = { message: '', isInitialGreeting: true, history: [] } as const;
