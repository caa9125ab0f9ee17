// The chat's opening read. Started as soon as the chat's code is requested (src/app/chat-route.ts),
// it opens the device store and reads the zone and today's newest messages while React renders the
// app, instead of after the screen's mount effects, where the zone, today's session and the messages
// were read one after another. The screen shows it until its live queries answer.
import Dexie, { type ObservabilitySet } from 'dexie';
import { useState, useSyncExternalStore } from 'react';
import { db } from '@/db/db';
import { readTimeZone } from '@/db/sync-settings';
import { sessionIdAt } from '@/domain/day-session';
import { INITIAL_MESSAGE_LIMIT } from '../model/scroll';
import { readSessionMessages, type SessionRead } from './useSessionMessages';

export interface OpeningRead {
  timeZone: string;
  /** Today's session in that zone. Only its id: the session itself is made sure of by useDaySession. */
  todayId: string;
  /** Today's newest messages, as useSessionMessages reads them. */
  messages: SessionRead;
}

/** The tables the opening read looks at: a write to one of them makes it outdated. */
const READ_TABLES = ['messages', 'settings'] as const;

/** Whether a write (Dexie's `storagemutated` parts, `idb://{db}/{table}/{index}`) touched them. */
export function touchesOpeningRead(parts: ObservabilitySet, dbName: string): boolean {
  const prefixes = READ_TABLES.map((table) => `idb://${dbName}/${table}/`);
  return Object.keys(parts).some((part) => prefixes.some((prefix) => part.startsWith(prefix)));
}

/**
 * Today's id as the screen may assume it before useDaySession has made sure of the session: the
 * opening read's, if it was taken in the zone now in use. The id is a pure function of the day and
 * the zone, so the list can show today's messages without waiting for that check (a write).
 */
export function presumedTodayId(
  opening: OpeningRead | undefined,
  timeZone: string | undefined,
): string | null {
  return opening && opening.timeZone === timeZone ? opening.todayId : null;
}

let started: Promise<void> | null = null;
let current: OpeningRead | undefined;
const listeners = new Set<() => void>();

function publish(next: OpeningRead | undefined): void {
  current = next;
  for (const listener of listeners) listener();
}

/**
 * Starts the read once per page; resolves when it is done. Never rejects: a failure is left to the
 * live queries, which read again.
 */
export function startOpeningRead(now: number = Date.now()): Promise<void> {
  if (started) return started;
  let outdated = false;
  const onMutated = (parts: ObservabilitySet) => {
    if (!touchesOpeningRead(parts, db.name)) return;
    // A screen that mounts from now on reads live; one showing the copy has its live queries coming.
    outdated = true;
    Dexie.on.storagemutated.unsubscribe(onMutated);
    publish(undefined);
  };
  Dexie.on('storagemutated', onMutated);
  started = (async () => {
    const timeZone = await readTimeZone(db);
    const todayId = sessionIdAt(now, timeZone);
    const messages = await readSessionMessages(todayId, INITIAL_MESSAGE_LIMIT);
    if (!outdated) publish({ timeZone, todayId, messages });
  })().catch((error: unknown) => {
    console.warn('The chat could not read the device store ahead of its first render', error);
  });
  return started;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const readCurrent = () => current;
const readNothing = () => undefined;

/**
 * The opening read once it has finished, undefined before. The screen keeps the first copy it saw:
 * a later write outdates it for screens that mount afterwards, while this one's live queries, which
 * see that write, are about to take over.
 */
export function useOpeningRead(): OpeningRead | undefined {
  const latest = useSyncExternalStore(subscribe, readCurrent, readNothing);
  const [kept, setKept] = useState(latest);
  if (kept === undefined && latest !== undefined) setKept(latest);
  return kept ?? latest;
}
