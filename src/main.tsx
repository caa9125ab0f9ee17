// Entry: theme before the first paint, the error log, the service worker, then the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { reportUnhandledRejections } from '@/lib/error-log';
import { registerServiceWorker } from '@/lib/pwa';
import { initTheme } from '@/ui/theme';
import './index.css';

initTheme();
reportUnhandledRejections();
registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
