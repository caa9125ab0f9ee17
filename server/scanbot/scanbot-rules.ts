// ScanBot's decisions as plain functions (docs/scanbot.md): what a scan does with a watched file, when the
// next automatic scan is due, what the status counts.
import type { PowerState } from '../power/power-rules';

/** What is at a watched name now (Workspace.inspect). */
export type FileState = 'file' | 'empty' | 'missing' | 'not-a-file';

export type RepairAction =
  /** Present with content: nothing to do (even when it differs from its auto-fix content). */
  | 'ok'
  /** Missing or emptied, and it has auto-fix content: written back. */
  | 'restore'
  /** Missing or emptied, with no auto-fix content: reported only. */
  | 'report'
  /** A symlink or folder at the name: never written through, reported. */
  | 'refuse';

/**
 * Rule 'only missing or empty is broken': a file that is there with content is left alone, whatever it
 * holds; a missing or empty one is restored when it carries auto-fix content.
 */
export function repairActionOf(state: FileState, autoFix: string | null): RepairAction {
  if (state === 'file') return 'ok';
  if (state === 'not-a-file') return 'refuse';
  return autoFix !== null && autoFix !== '' ? 'restore' : 'report';
}

/** Rule 'next automatic scan': an interval after the later of the start and the last scan of any kind. */
export function nextScanAt(
  startedAt: number,
  lastScanAt: number | null,
  intervalMinutes: number,
): number {
  return Math.max(startedAt, lastScanAt ?? 0) + intervalMinutes * 60_000;
}

/**
 * Rule 'daemon runs in': only while Kiri is awake. Issue 18 asks each background job of its three
 * screens to be paused by sleep and stopped by deep pause; a Manual Scan still works in either.
 */
export function scanbotRunsIn(state: PowerState): boolean {
  return state === 'awake';
}

/** Rule 'autoFixesAvailable': the watched files that carry auto-fix content. */
export function autoFixesAvailable(files: readonly { autoFix: string | null }[]): number {
  return files.filter((file) => file.autoFix !== null && file.autoFix !== '').length;
}

/** Auto-fix content as stored: empty text means none. */
export function autoFixOf(content: string | undefined | null): string | null {
  return content === undefined || content === null || content === '' ? null : content;
}
