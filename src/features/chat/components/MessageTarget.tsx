// The chat opened at a message (/?message=<id>, a notification's click): finds the message on the
// device, waits for it while the push's pull may still bring it, has the list view its day and read
// far enough back, then asks the list to scroll to it. Loaded only when the URL names a message, after
// the chat's first paint, so the chat's first load does not carry it.
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/db';
import { messagePlace } from '@/db/message-position';
import { requestReplay } from '@/lib/outbox-sync';
import {
  MESSAGE_TARGET_PULL_EVERY_MS,
  MESSAGE_TARGET_WAIT_MS,
  messageTargetStep,
} from '../model/message-target';

export interface MessageTargetProps {
  targetId: string;
  viewedSessionId: string | null;
  limit: number;
  onOpenDay: (sessionId: string) => void;
  onLimit: (limit: number) => void;
  /** The list should scroll to the message and mark it. */
  onFocus: (id: string) => void;
  /** Not found in time: the chat stays where it is, and the URL forgets the message. */
  onGiveUp: () => void;
}

export default function MessageTarget({
  targetId,
  viewedSessionId,
  limit,
  onOpenDay,
  onLimit,
  onFocus,
  onGiveUp,
}: MessageTargetProps) {
  // Live: a pull (the worker's or the page's) that writes the message wakes this up.
  const place = useLiveQuery(() => messagePlace(db, targetId), [targetId]);
  // The rule's clock is this one timer: before it fires the chat is still within its wait.
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), MESSAGE_TARGET_WAIT_MS);
    return () => clearTimeout(timer);
  }, [targetId]);

  // Not on the device: the push's own pull may have failed or not have started (a notification
  // clicked long after it came). Ask for a pull now and again while waiting.
  const missing = place === null && !timedOut;
  useEffect(() => {
    if (!missing) return;
    requestReplay();
    const timer = setInterval(() => requestReplay(), MESSAGE_TARGET_PULL_EVERY_MS);
    return () => clearInterval(timer);
  }, [missing]);

  const step =
    place === undefined && !timedOut
      ? ({ kind: 'wait' } as const)
      : messageTargetStep({
          place: place ?? null,
          viewedSessionId,
          limit,
          elapsedMs: timedOut ? MESSAGE_TARGET_WAIT_MS : 0,
        });
  const stepKey =
    step.kind === 'open-day'
      ? `open-day:${step.sessionId}`
      : step.kind === 'load'
        ? `load:${step.limit}`
        : step.kind;

  useEffect(() => {
    if (step.kind === 'give-up') onGiveUp();
    else if (step.kind === 'open-day') onOpenDay(step.sessionId);
    else if (step.kind === 'load') onLimit(step.limit);
    else if (step.kind === 'scroll') onFocus(targetId);
    // The step's key says everything the effect reads from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stepKey, targetId]);

  return null;
}
