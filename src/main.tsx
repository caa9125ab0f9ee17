// Entry, and a small one: the theme, the screen settings (font size, wallpaper), the clock the last
// start kept (lib/start-clock.ts: today's id and the way times are written, without Intl's slow first
// formatter) and the opening snapshot (today's messages from the device store,
// app/opening-snapshot.ts) before anything else, then the app itself (app/start.tsx). Every byte statically imported here delays the first message
// painted; the app's code is one dynamic import, which the 'bundle' benchmark counts as part of the
// first load.
import { preloadChatChunks } from '@/app/chat-preload';
import { showOpeningSnapshot } from '@/app/opening-snapshot';
import { primeStartClock } from '@/lib/start-clock';
import { initScreenSettings } from '@/ui/screen-dom';
import { initTheme } from '@/ui/theme-dom';
import './index.css';

const root = document.getElementById('root')!;
// The device store's read first: it takes a few round trips to IndexedDB, and the rest below runs
// while it waits (adding the preload links alone takes some 25 ms). Its answers come in later tasks,
// so the theme, the screen settings and the clock are all in place before anything is painted.
const snapshotShown = showOpeningSnapshot(root);

initTheme();
// Before the snapshot paints: its bubbles take their size and page colour from these.
initScreenSettings();
preloadChatChunks(document, location.pathname);
primeStartClock();

void snapshotShown
  .then(() => import('@/app/start'))
  .catch((error: unknown) => {
    // The app's code could not be loaded (a broken download, a half-updated install).
    console.error('Kiri could not start', error);
    const message = document.createElement('p');
    message.setAttribute('role', 'alert');
    message.style.cssText = 'font: 16px system-ui, sans-serif; padding: 24px; text-align: center';
    message.textContent = 'Kiri could not start. Reload the page to try again.';
    root.replaceChildren(message);
  });
