// /, /full-chat, /full: the chat with the parts other features build, handed in as slots, since a
// feature never imports another. Each part loads only when the chat shows it (the features panel or
// the settings panel opened), so the chat's first load does not carry them.
import { Suspense } from 'react';
import { ChatScreen } from '@/features/chat/components/ChatScreen';
import { lazyComponent } from '@/lib/lazy-component';

const DevCoreCard = lazyComponent(() => import('@/features/devcore/components/DevCoreCard'));
const MemoryPanel = lazyComponent(() =>
  import('@/features/memory/components/MemoryPanel').then((module) => ({
    default: module.MemoryPanel,
  })),
);
const MoodStrip = lazyComponent(() =>
  import('@/features/mood').then((module) => ({ default: module.MoodStrip })),
);
const TonePresets = lazyComponent(() => import('@/features/personality/components/TonePresets'));

const devcoreCard = (
  <Suspense fallback={null}>
    <DevCoreCard />
  </Suspense>
);

const memoryPanel = (
  <Suspense fallback={null}>
    <MemoryPanel />
  </Suspense>
);

const tonePresets = (
  <Suspense fallback={null}>
    <TonePresets />
  </Suspense>
);

// Under the header from the first paint on; it draws nothing until the mood's first answer.
const moodStrip = (
  <Suspense fallback={null}>
    <MoodStrip />
  </Suspense>
);

export default function ChatRoute() {
  return (
    <ChatScreen
      devcoreCard={devcoreCard}
      memoryPanel={memoryPanel}
      tonePresets={tonePresets}
      moodStrip={moodStrip}
    />
  );
}
