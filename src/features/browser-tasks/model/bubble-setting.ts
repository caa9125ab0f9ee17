// The floating browser bubble's stored setting (spec 000 §3.10, 002 §3: a browser bubble flag in the
// device's local storage). Off unless the owner turns it on at /browser-bubble-settings.

export const BROWSER_BUBBLE_KEY = 'kiri-browser-bubble';

/** Rule: the bubble shows only when the stored flag is exactly 'true'; missing or unreadable is off. */
export function bubbleEnabledFrom(stored: string | null | undefined): boolean {
  return stored === 'true';
}

export function storedBubbleValue(enabled: boolean): string {
  return enabled ? 'true' : 'false';
}
