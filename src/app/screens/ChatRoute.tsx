// /, /full-chat, /full: the chat with the parts other features build, handed in as slots, since a
// feature never imports another. Each part loads only when the chat shows it (the features panel
// opened), so the chat's first load does not carry them.
// The lead wires the parts built beside this one the same way: memoryPanel (src/features/memory),
// tonePresets (src/features/personality) and moodStrip (src/features/mood).
import { Suspense } from 'react';
import { ChatScreen } from '@/features/chat/components/ChatScreen';
import { lazyComponent } from '@/lib/lazy-component';

const DevCoreCard = lazyComponent(() => import('@/features/devcore/components/DevCoreCard'));

const devcoreCard = (
  <Suspense fallback={null}>
    <DevCoreCard />
  </Suspense>
);

export default function ChatRoute() {
  return <ChatScreen devcoreCard={devcoreCard} />;
}
