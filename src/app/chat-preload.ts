// On a chat path, the chat's chunks (the screen, Dexie, the opening read) start downloading with the
// entry, while the opening snapshot paints: index.html lists them in a meta tag (vite.config.ts), as
// a preload link there would download them on every other path too. A preload fetches without
// running anything, so the snapshot keeps the main thread; the app's dynamic imports find them.
import { isChatPath } from './chat-paths';

export const CHAT_CHUNKS_META = 'kiri-chat-chunks';

/** Adds the preload links; returns the paths it asked for (none off the chat). */
export function preloadChatChunks(doc: Document, pathname: string): string[] {
  if (!isChatPath(pathname)) return [];
  const listed = doc.querySelector(`meta[name="${CHAT_CHUNKS_META}"]`)?.getAttribute('content');
  const paths = (listed ?? '').split(/\s+/).filter((path) => path.startsWith('/'));
  for (const path of paths) {
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.crossOrigin = '';
    link.href = path;
    doc.head.append(link);
  }
  return paths;
}
