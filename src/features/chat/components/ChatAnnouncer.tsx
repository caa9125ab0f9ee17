// The chat's polite live region: a screen reader hears Kiri's new words once (what is new is
// model/live-announcement.ts). The message list is not a live region itself: its rows mount and
// unmount as the reader scrolls.
import { useState } from 'react';
import {
  nextLiveAnnouncement,
  type AnnouncedMessage,
  type LiveAnnouncement,
} from '../model/live-announcement';

export function ChatAnnouncer({
  sessionId,
  messages,
  personaName,
  speaks,
}: {
  sessionId: string;
  /** The messages on screen, oldest first. */
  messages: readonly AnnouncedMessage[];
  personaName: string;
  /** False while an earlier day is viewed: nothing new arrives there. */
  speaks: boolean;
}) {
  const [state, setState] = useState<LiveAnnouncement>(() =>
    nextLiveAnnouncement(null, sessionId, messages, personaName),
  );
  // Derived from the previous render's state (React's "adjusting state while rendering"): the model
  // gives the same object back when nothing is new, so this settles at once.
  const next = nextLiveAnnouncement(state, sessionId, messages, personaName);
  if (next !== state) setState(next);
  // A new node for each announcement (keyed by the message): the same words twice are said twice.
  return (
    <p className="sr-only" aria-live="polite" data-testid="chat-announcer">
      {speaks && next.text ? <span key={next.key}>{next.text}</span> : null}
    </p>
  );
}
