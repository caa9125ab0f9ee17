// The chat header's settings button and the settings sidebar it opens. Handed to the chat by its route
// (src/app/screens/ChatRoute.tsx) after the chat's first paint; the sidebar's own code loads on the
// first open.
import { Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { lazyComponent } from '@/lib/lazy-component';
import { IconButton } from '@/ui/IconButton';
import { Gear } from './icons';

const SettingsSidebar = lazyComponent(() => import('./SettingsSidebar'));

export interface SettingsLauncherProps {
  todayId: string | null;
  viewedId: string | null;
  onSelectSession: (id: string) => void;
  onNewSession: () => void;
}

export const OPEN_SETTINGS_LABEL = 'Open settings';

export default function SettingsLauncher(props: SettingsLauncherProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton
        label={OPEN_SETTINGS_LABEL}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void SettingsSidebar.preload().catch(() => undefined)}
        onClick={() => setOpen(true)}
        className="text-stone-600 dark:text-stone-300"
      >
        <Gear size={20} />
      </IconButton>
      {open &&
        // Into the body: the header's backdrop blur makes it the containing block of anything fixed
        // inside it, which would cut the sheet down to the header's height.
        createPortal(
          <Suspense fallback={null}>
            <SettingsSidebar {...props} onClose={() => setOpen(false)} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
