// The browser tasks' words on screen.

export const BROWSER_TEXT = {
  overlayLabel: 'Browser',
  minimise: 'Minimise',
  maximise: 'Maximise',
  restore: 'Restore',
  close: 'Close browser',
  openInSafari: 'Open in Safari',
  openInNewTab: 'Open in new tab',
  /** Honest about the frame: many sites refuse to be shown inside another app, and we cannot tell. */
  frameNote:
    "Some sites don't allow being shown inside Kiri. If the page stays empty, open it outside.",
  popupBlocked: 'Your browser blocked the new tab, so the page opens here.',
  bubbleLabel: 'Open a browser search',
  settingsTitle: 'Browser Bubble Settings',
  settingsSubtitle: 'A floating button in the chat that opens a search page.',
  toggleLabel: 'Floating browser bubble',
  toggleOn: 'Shown at the bottom right of the chat.',
  toggleOff: 'Hidden.',
  notKept: 'This device would not keep the setting. Please try again.',
  storedNote: 'Kept on this device only.',
} as const;

/** Apple's systems open pages in Safari; elsewhere a new tab of the browser. */
export function openOutsideLabel(vendor: string | undefined): string {
  return vendor?.startsWith('Apple') ? BROWSER_TEXT.openInSafari : BROWSER_TEXT.openInNewTab;
}
