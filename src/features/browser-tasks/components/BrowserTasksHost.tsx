// The chat's browser tasks (issue 13): watches Kiri's new messages for a browser intent, shows the
// overlay of an open task and, when turned on, the floating bubble. Loaded after the chat's first paint.
import { useSyncExternalStore } from 'react';
import { useBrowserIntents } from '../hooks/useBrowserIntents';
import { useBubbleSetting } from '../hooks/useBubbleSetting';
import {
  closeOverlay,
  getOverlay,
  openFromBubble,
  setOverlayView,
  subscribeOverlay,
} from '../api/task-runner';
import { BrowserBubble } from './BrowserBubble';
import BrowserOverlay from './BrowserOverlay';

export default function BrowserTasksHost() {
  useBrowserIntents();
  const [bubble] = useBubbleSetting();
  const overlay = useSyncExternalStore(subscribeOverlay, getOverlay, getOverlay);
  return (
    <>
      {bubble && <BrowserBubble onOpen={() => void openFromBubble()} />}
      {overlay && (
        <BrowserOverlay
          state={overlay}
          onView={setOverlayView}
          onClose={() => void closeOverlay()}
        />
      )}
    </>
  );
}
