// The greeting filter (spec 000 §5): a bare hello within 30 minutes of the last greeting is answered locally.

export const GREETING_WINDOW_MS = 30 * 60_000;
export const NOTED_REPLY = 'Mm, noted.';

const BARE_GREETING = /^(hello+|hi+|hey+)[\s!.~?,]*$/i;

/** A message that is only 'hello', 'hi' or 'hey' (any case, stretched letters and trailing punctuation). */
export function isBareGreeting(text: string): boolean {
  return BARE_GREETING.test(text.trim());
}

/** True when the message should get the local 'Mm, noted.' instead of going to Kiri. */
export function shouldFilterGreeting(
  text: string,
  lastGreetingAt: number | null | undefined,
  now: number,
): boolean {
  if (!isBareGreeting(text) || lastGreetingAt == null) return false;
  const elapsed = now - lastGreetingAt;
  return elapsed >= 0 && elapsed < GREETING_WINDOW_MS;
}
