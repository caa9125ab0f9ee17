// What the mood engine monitor decides (spec 002 §2, §8, §9): which of its three failure texts a failed
// read shows, the last 3 events and 10 drift entries (newest first), and how numbers read.
import { PRESENCE_ERRORS, SHOWN_DRIFT, SHOWN_EVENTS } from '@/domain/presence-mood';
import { isApiError } from '@/lib/api';
import { NoStateError, type DriftEntry, type PresenceEvent } from '../api/presence-api';

/**
 * Rule 'the three failure texts': an answer without a state is 'No state available'; no answer at all
 * (offline, server down: fetch's TypeError) is 'Connection error'; any other failure (an error status,
 * an unreadable answer) is 'Failed to fetch presence state'.
 */
export function presenceErrorText(error: unknown): string {
  if (error instanceof NoStateError) return PRESENCE_ERRORS.empty;
  if (error instanceof TypeError) return PRESENCE_ERRORS.connection;
  return PRESENCE_ERRORS.failed;
}

/** The server's own words in an error answer (`{ success:false, error }`), else the failure's text. */
export function writeErrorText(error: unknown): string {
  if (isApiError(error)) {
    try {
      const parsed = JSON.parse(error.bodyText) as { error?: unknown };
      if (typeof parsed.error === 'string' && parsed.error) return parsed.error;
    } catch {
      // Not JSON: the classification below.
    }
  }
  return presenceErrorText(error);
}

/** Rule 'recent activity shows the last 3 events', newest first. */
export function recentEvents(events: readonly PresenceEvent[]): PresenceEvent[] {
  return events.slice(-SHOWN_EVENTS).reverse();
}

/** Rule 'drift history shows the last 10 entries', newest first. */
export function recentDrift(drift: readonly DriftEntry[]): DriftEntry[] {
  return drift.slice(-SHOWN_DRIFT).reverse();
}

/** 0.523 → '52%'. */
export function confidenceText(confidence: number): string {
  return `${Math.round(Math.min(1, Math.max(0, confidence)) * 100)}%`;
}

/** Rule 'uptime reads in its two largest units': 45 s, 3m 05s, 2h 07m, 3d 04h. */
export function uptimeText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${pad(s % 60)}s`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ${pad(Math.floor((s % 3600) / 60))}m`;
  return `${Math.floor(s / 86_400)}d ${pad(Math.floor((s % 86_400) / 3600))}h`;
}
