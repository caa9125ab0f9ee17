// The app's start, loaded by main.tsx once the opening snapshot is up: the error log, then the app;
// the service worker's registration after the first paint. On the installed app opened on a chat
// path, the first render waits for the chat's code and opening read (chat-route.ts), so that it is
// the chat with its messages. It replaces the whole of #root, the opening snapshot included.
// First import: on a chat path it requests the chat's code and data before the rest is evaluated.
import { chatHeadStart } from '@/app/chat-route';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { abortTransactionsWhenCached } from '@/db/page-transactions';
import { afterNextPaint } from '@/lib/after-paint';
import { hasLocalLogin } from '@/lib/auth-session';
import { reportUnhandledRejections } from '@/lib/error-log';
import { markOnce, PERF_MARKS } from '@/lib/perf-marks';
import { registerServiceWorker } from '@/lib/pwa';

reportUnhandledRejections();
// WebKit freezes a cached page's transactions, and all others on their stores wait behind them.
abortTransactionsWhenCached(window);
// The Performance settings page reads these marks (lib/perf-marks.ts).
markOnce(PERF_MARKS.appStart);

void (async () => {
  const chat = chatHeadStart(hasLocalLogin());
  await chat.code;
  // Made while the chat's opening read waits on the device store.
  const root = createRoot(document.getElementById('root')!);
  await chat.data;
  // Everything is in: render now, not in a scheduler task after whatever else is queued.
  flushSync(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  markOnce(PERF_MARKS.appRendered);
  // The frame after the render: marked only when it is really painted (a hidden page paints none).
  if (typeof requestAnimationFrame === 'function') {
    requestAnimationFrame(() => setTimeout(() => markOnce(PERF_MARKS.firstScreenPainted), 0));
  }
  // The worker already serves this page when it is installed; its registration (an update check)
  // waits until the first screen has painted.
  afterNextPaint(registerServiceWorker);
})();
