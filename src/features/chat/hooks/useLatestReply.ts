// The 'Latest Reply' overlay (spec 000 §4): it opens by itself when the owner comes back to the chat
// from another path or to the tab, and only for a Kiri message newer than the last one seen.
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { db } from '@/db/db';
import { newestKiriMessage } from '@/db/messages';
import { LAST_SEEN_KEY, laterSeenId, shouldOpenLatestReply } from '../model/latest-reply';
import { readSessionFlag, writeSessionFlag } from './session-flags';

export function markSeen(id: string): void {
  writeSessionFlag(LAST_SEEN_KEY, laterSeenId(readSessionFlag(LAST_SEEN_KEY), id));
}

async function hasUnseenReply(): Promise<boolean> {
  const newest = await newestKiriMessage(db, Date.now());
  return shouldOpenLatestReply(newest?.id, readSessionFlag(LAST_SEEN_KEY));
}

/**
 * The chat was left for another path during this page's life. Coming back with the Back button
 * lands on the first history entry, whose location key is 'default' like a fresh load's: this
 * tells that return apart from the first load.
 */
let leftForAnotherPath = false;
let mountedChats = 0;
let leaving: ReturnType<typeof setTimeout> | undefined;

/** A new page's state (tests render many "pages" in one module instance). */
export function forgetChatVisits(): void {
  clearTimeout(leaving);
  leftForAnotherPath = false;
  mountedChats = 0;
}

export function useLatestReply() {
  const [open, setOpen] = useState(false);
  const location = useLocation();

  const check = useCallback(() => {
    void hasUnseenReply().then((unseen) => {
      if (unseen) setOpen(true);
    });
  }, []);

  // A location key other than 'default' means the router navigated here from another path of the app
  // (the first page load has 'default'). Mount only: later renders of the chat are not arrivals.
  const arrived = location.key !== 'default';
  useEffect(() => {
    mountedChats += 1;
    if (arrived || leftForAnotherPath) check();
    return () => {
      mountedChats -= 1;
      // Left for real only if no chat mounts again at once (StrictMode's trial unmount does).
      clearTimeout(leaving);
      leaving = setTimeout(() => {
        if (mountedChats === 0) leftForAnotherPath = true;
      }, 0);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [check]);

  const show = useCallback(() => setOpen(true), []);
  /** Closing marks what it showed as seen, so it stays away until a newer reply. */
  const close = useCallback((shownId: string | null) => {
    if (shownId) markSeen(shownId);
    setOpen(false);
  }, []);
  return { open, show, close };
}
