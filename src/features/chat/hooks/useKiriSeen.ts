// The app badge's "seen" (src/domain/app-badge.ts): while the chat is in view, the newest Kiri message
// it shows is seen, and the badge shows what is left (nothing, once the owner reads today's chat).
// The badge's code loads apart from the chat's first screen.
import { useEffect, useState } from 'react';
import { db } from '@/db/db';
import type { MessageRow } from '@/db/schema';
import { useRevealClock } from './useSessionMessages';

const NO_ROWS: readonly MessageRow[] = [];

function isVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}

export function useKiriSeen(rows: readonly MessageRow[] | undefined, readAt: number): void {
  const [visible, setVisible] = useState(isVisible);
  useEffect(() => {
    const onChange = () => setVisible(isVisible());
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  // Parts of a split reply count once they show, not when they are stored.
  const now = useRevealClock(rows ?? NO_ROWS, readAt);
  useEffect(() => {
    if (!visible || !rows) return;
    const shown = rows
      .filter((row) => row.sender === 'kiri' && (row.revealAt ?? 0) <= now)
      .map(({ id, timestamp }) => ({ id, timestamp }));
    let cancelled = false;
    void (async () => {
      const badge = await import('@/db/app-badge');
      if (cancelled) return;
      await badge.markKiriSeen(db, shown, Date.now());
      await badge.refreshAppBadge(db, typeof navigator === 'undefined' ? undefined : navigator);
    })().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [visible, rows, now]);
}
