// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_CHUNKS_META, preloadChatChunks } from '@/app/chat-preload';

function listChunks(content: string): void {
  const meta = document.createElement('meta');
  meta.name = CHAT_CHUNKS_META;
  meta.content = content;
  document.head.append(meta);
}

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => [
    link.getAttribute('href'),
    link.as,
    link.crossOrigin,
  ]);

afterEach(() => {
  document.head.innerHTML = '';
});

describe("the chat's chunks are preloaded on the chat paths only", () => {
  it('preloads the listed chunks as scripts on a chat path', () => {
    listChunks('/assets/ChatScreen-a.js /assets/db-b.js');
    expect(preloadChatChunks(document, '/full-chat')).toEqual([
      '/assets/ChatScreen-a.js',
      '/assets/db-b.js',
    ]);
    expect(preloads()).toEqual([
      ['/assets/ChatScreen-a.js', 'script', ''],
      ['/assets/db-b.js', 'script', ''],
    ]);
  });

  it('preloads nothing on another path, where the chat is not shown', () => {
    listChunks('/assets/ChatScreen-a.js');
    expect(preloadChatChunks(document, '/simple-mobile')).toEqual([]);
    expect(preloads()).toEqual([]);
  });

  it('preloads nothing without the list (the dev server has none)', () => {
    expect(preloadChatChunks(document, '/')).toEqual([]);
  });
});
