// The settings sidebar's words: spec 000 §8's layout toasts, and the server's own error where it gave one.

export const LAYOUT_TOASTS = {
  saved: 'Layout Saved',
  saveFailed: 'Save Failed',
  saveFailedDefault: 'Failed to save layout',
  reset: 'Layout Reset',
  resetFailed: 'Reset Failed',
  resetFailedDefault: 'Failed to reset layout',
} as const;

/** The `error` of the server's JSON error body ({ success: false, error, message }), if it sent one. */
export function serverErrorText(bodyText: string | undefined): string | null {
  if (!bodyText) return null;
  try {
    const body = JSON.parse(bodyText) as { error?: unknown };
    return typeof body.error === 'string' && body.error !== '' ? body.error : null;
  } catch {
    return null;
  }
}
