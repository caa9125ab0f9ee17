// A notification's click (sw/push.ts) brings this window forward and posts the URL it opens: the
// router goes there, as a tap inside the app would, without reloading the app. Started with the
// device's services (device-services.ts), apart from the chat's first load.
import { OPEN_URL_MESSAGE, notificationUrl } from '@/domain/push-notification';

export function listenForNotificationOpen(navigate: (url: string) => unknown): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (data?.type !== OPEN_URL_MESSAGE || typeof data.url !== 'string') return;
    // Checked again here: only a path of the app, never another site.
    void navigate(notificationUrl(data.url, null));
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}
