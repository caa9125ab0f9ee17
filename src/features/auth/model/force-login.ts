// The authentication issue page forces a new login after this long (spec 002 §9).
export const FORCE_LOGIN_DELAY_MS = 3000;

export function secondsLeft(elapsedMs: number): number {
  return Math.max(0, Math.ceil((FORCE_LOGIN_DELAY_MS - elapsedMs) / 1000));
}
