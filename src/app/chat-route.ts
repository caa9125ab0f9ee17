// The chat route's code, and the head start it gets on a cold start. The chat is the usual first
// screen, but its chunks (the screen; Dexie, about 40 KB gzip) stay out of the entry's graph, which a
// first visit downloads before anything paints (the 170 KB budget). So they are requested from here:
// main.tsx imports this module first, which runs its body before React DOM, the router and the rest
// of the entry are evaluated. On a chat path, the chat's chunks download and the device store's
// database file opens while that work goes on; the chunks run and the chat's opening read starts as
// soon as it is done, and the first render waits for both (chatHeadStart), not the other way round.
import { lazyComponent } from '@/lib/lazy-component';
import { isChatPath } from './chat-paths';

export { CHAT_PATHS, isChatPath } from './chat-paths';

/** The chat's opening read: when it has been started, and when it is done. */
let openingRead = { started: Promise.resolve(), done: Promise.resolve() };

/** Loading the screen also starts its opening read, so the data is on its way with the code. */
export const ChatScreen = lazyComponent(() => {
  const module = import('@/features/chat/hooks/opening-read');
  // Registered first, so the read has been started by the time `started` settles.
  const done = module.then((read) => read.startOpeningRead());
  // The screen's live queries read the store anyway; a failed download shows when it renders.
  openingRead = { started: module.then(noop, noop), done: done.catch(noop) };
  return import('./screens/ChatRoute');
});

/** The device store's database (DB_NAME in src/db/schema.ts, which cannot be imported here: Dexie). */
export const DEVICE_DB_NAME = 'kiri';

/**
 * Asks the browser to open the device store's database file now, while the entry is evaluated: it
 * is the slowest step of the opening read and needs none of our code, and Dexie's own open a moment
 * later finds the file open. The connection is closed at once (it must not hold up a version
 * upgrade), and a database that does not exist yet is not created here: its creation is aborted.
 */
export function warmDeviceStore(idb: IDBFactory): void {
  const request = idb.open(DEVICE_DB_NAME);
  request.onupgradeneeded = () => request.transaction?.abort();
  request.onsuccess = () => request.result.close();
  request.onerror = (event) => event.preventDefault();
}

const startsOnChat = typeof window !== 'undefined' && isChatPath(window.location.pathname);
if (startsOnChat) {
  if (typeof indexedDB !== 'undefined') warmDeviceStore(indexedDB);
  ChatScreen.preload().catch(() => {
    // Shown by the route's error boundary when it renders.
  });
}

/** The longest the first render waits for the chat (a safety net: from the device it takes ms). */
export const CHAT_WAIT_MAX_MS = 250;

/**
 * Whether the first render waits for the chat's code and opening read: on a chat path of a page the
 * service worker controls, when this device's login flags will open the app (the auth gate lets
 * them decide at once, offline too). Both then come from the device within milliseconds, and the
 * first paint is the chat with its messages. Rendering before them would paint the skeleton, reveal
 * the screen a Suspense retry later and draw it again when the messages come, while the main thread
 * that the device store's callbacks need is busy rendering. On a first visit the code comes from the
 * network, and the skeleton paints meanwhile; without a login the first screen is not the chat.
 */
export function shouldWaitForChat(start: {
  onChatPath: boolean;
  controlled: boolean;
  localLogin: boolean;
}): boolean {
  return start.onChatPath && start.controlled && start.localLogin;
}

export interface ChatHeadStart {
  /** The chat's code has run and its opening read is under way. */
  code: Promise<void>;
  /** The opening read is done too. */
  data: Promise<void>;
}

/**
 * What the first render waits for (see shouldWaitForChat): both resolve at once when it need not
 * wait, and by CHAT_WAIT_MAX_MS at the latest. They never reject.
 */
export function chatHeadStart(localLogin: boolean): ChatHeadStart {
  const controlled =
    typeof navigator !== 'undefined' && navigator.serviceWorker?.controller != null;
  if (!shouldWaitForChat({ onChatPath: startsOnChat, controlled, localLogin })) {
    return { code: Promise.resolve(), data: Promise.resolve() };
  }
  const deadline = new Promise<void>((resolve) => setTimeout(resolve, CHAT_WAIT_MAX_MS));
  const settled = (promise: Promise<unknown>) => Promise.race([promise.then(noop, noop), deadline]);
  const code = settled(Promise.all([ChatScreen.preload(), openingRead.started]));
  return { code, data: code.then(() => settled(openingRead.done)) };
}

function noop(): void {}
