// /, /full-chat, /full: the chat with the parts other features build, handed in as slots, since a
// feature never imports another. Each part loads only when the chat shows it (the features panel or
// the settings panel opened), so the chat's first load does not carry them.
import { Suspense, useState } from 'react';
import { ChatScreen, type SettingsNavSlot } from '@/features/chat/components/ChatScreen';
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
const ImageSharePanel = lazyComponent(() => import('@/features/images/components/ImageSharePanel'));
// The share panel over the chat for a photo the attachment menu's Take Photo or Upload File chose.
const MenuPhotoDialog = lazyComponent(() => import('./MenuPhotoDialog'));
const AttachmentMenu = lazyComponent(
  () => import('@/features/attachments/components/AttachmentMenu'),
);
const BrowserTasksHost = lazyComponent(
  () => import('@/features/browser-tasks/components/BrowserTasksHost'),
);

// The menu's Open Browser Tab hands the prompt's text to the browser tasks (another feature).
const openBrowserTab = (typed: string) =>
  import('@/features/browser-tasks').then((module) => module.openTypedAddress(typed));

const SettingsLauncher = lazyComponent(
  () => import('@/features/settings-nav/components/SettingsLauncher'),
);

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

// The image share panel (issue 13): loaded when the Tools strip opens the image panel.
const imagePanel = (
  <Suspense fallback={null}>
    <ImageSharePanel />
  </Suspense>
);

// Under the header from the first paint on; it draws nothing until the mood's first answer.
const moodStrip = (
  <Suspense fallback={null}>
    <MoodStrip />
  </Suspense>
);

const attachmentMenuOf = (onImageChosen: (file: File) => void) => (
  <Suspense fallback={<span aria-hidden className="mb-0.5 -ml-2.5 h-9 w-9 shrink-0" />}>
    <AttachmentMenu onImageChosen={onImageChosen} onOpenBrowserTab={openBrowserTab} />
  </Suspense>
);

const browserTasks = (
  <Suspense fallback={null}>
    <BrowserTasksHost />
  </Suspense>
);

// The settings sidebar's button, after the chat's first paint; the sidebar loads when first opened.
const settingsNav = (slot: SettingsNavSlot) => (
  <Suspense fallback={null}>
    <SettingsLauncher {...slot} />
  </Suspense>
);

export default function ChatRoute() {
  // A photo from the attachment menu opens the share panel with it (checked there like a picked one).
  const [menuPhoto, setMenuPhoto] = useState<File | null>(null);
  const [attachmentMenu] = useState(() => attachmentMenuOf(setMenuPhoto));
  return (
    <>
      <ChatScreen
        devcoreCard={devcoreCard}
        memoryPanel={memoryPanel}
        tonePresets={tonePresets}
        imagePanel={imagePanel}
        moodStrip={moodStrip}
        attachmentMenu={attachmentMenu}
        browserTasks={browserTasks}
        settingsNav={settingsNav}
      />
      {menuPhoto && (
        <Suspense fallback={null}>
          <MenuPhotoDialog file={menuPhoto} onClose={() => setMenuPhoto(null)} />
        </Suspense>
      )}
    </>
  );
}
