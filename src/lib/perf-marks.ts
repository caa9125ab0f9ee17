// The app's own marks on the page's performance timeline (User Timing), read by the Performance settings
// page beside the browser's navigation and paint timings (docs/settings-health.md). A mark is one call
// and a few bytes; a browser without User Timing simply has none.

export const PERF_MARKS = {
  /** The opening snapshot (today's messages from IndexedDB) was painted, before the app's code ran. */
  snapshotPainted: 'kiri:snapshot-painted',
  /** The snapshot's read came back after the app's first render, so it painted nothing. */
  snapshotTooLate: 'kiri:snapshot-too-late',
  /** The app's code started (app/start.tsx evaluated). */
  appStart: 'kiri:app-start',
  /** React rendered the first screen (the chat with its messages on a chat path). */
  appRendered: 'kiri:app-rendered',
  /** The browser painted the frame after that render: the first screen is on the glass. */
  firstScreenPainted: 'kiri:first-screen-painted',
} as const;

export type PerfMarkName = (typeof PERF_MARKS)[keyof typeof PERF_MARKS];

/** Marks `name` now, once per page load; never throws. */
export function markOnce(name: PerfMarkName): void {
  try {
    if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
    if (performance.getEntriesByName(name, 'mark').length > 0) return;
    performance.mark(name);
  } catch {
    // A timeline that refuses the mark: the page shows the figure as not measured.
  }
}
