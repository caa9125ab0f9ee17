// Watches Kiri's new messages in the device's store and opens the page a browser-intent reply means
// (spec 000 §7), once per message: claimNewKiriMessages marks each looked at, across reloads and pages.
import { useEffect, useRef } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { claimNewKiriMessages } from '@/db/browser-task-seen';
import { db } from '@/db/db';
import { browserTaskUrl, replyMeansOpeningPage } from '../model/browser-intent';
import { openBrowserTask } from '../api/task-runner';

export function useBrowserIntents(): void {
  // The newest id of the store: any new message (Kiri's or the owner's) moves it.
  const newestId = useLiveQuery(() =>
    db.messages.orderBy(':id').reverse().limit(1).primaryKeys(),
  )?.[0];
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const mounted = useRef(true);

  useEffect(() => {
    const pending = timers.current;
    mounted.current = true;
    return () => {
      // Only when the chat goes away: a claimed message's page must not be lost to the next message.
      mounted.current = false;
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  useEffect(() => {
    if (newestId === undefined) return;
    void claimNewKiriMessages(db, Date.now())
      .then((claimed) => {
        // One page per reply: of a split reply's parts, the first that means it opens it.
        const first = claimed.find(({ message }) => replyMeansOpeningPage(message.message));
        if (!first || !mounted.current) return;
        const url = browserTaskUrl(first.message.message, first.ownerLastMessage);
        // A part of a split reply shows later (revealAt): its delay counts from when it shows.
        const until = Math.max(0, (first.message.revealAt ?? 0) - Date.now());
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          void openBrowserTask({ url, source: 'reply' });
        }, until);
        timers.current.add(timer);
      })
      .catch((error: unknown) => console.warn('Browser tasks could not read new messages', error));
  }, [newestId]);
}
