// The cold start's pieces: when the first render waits for the chat, the warm-up of the device store,
// a preloaded screen rendering without its fallback, and work deferred until after the first paint.
import { Suspense } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHAT_PATHS,
  DEVICE_DB_NAME,
  isChatPath,
  shouldWaitForChat,
  warmDeviceStore,
} from '@/app/chat-route';
import { DB_NAME } from '@/db/schema';
import { AFTER_PAINT_MAX_WAIT_MS, afterNextPaint } from '@/lib/after-paint';
import { lazyComponent } from '@/lib/lazy-component';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the chat route', () => {
  it('is /, /full-chat and /full', () => {
    for (const path of CHAT_PATHS) expect(isChatPath(path)).toBe(true);
    expect(isChatPath('/home')).toBe(false);
    expect(isChatPath('/full-chat/x')).toBe(false);
  });

  it('the first render waits for the chat only on a chat path the worker serves, logged in here', () => {
    const start = { onChatPath: true, controlled: true, localLogin: true };
    expect(shouldWaitForChat(start)).toBe(true);
    // A first visit: the code comes from the network, the skeleton paints meanwhile.
    expect(shouldWaitForChat({ ...start, controlled: false })).toBe(false);
    // The login screen comes first: the chat's code would only hold it up.
    expect(shouldWaitForChat({ ...start, localLogin: false })).toBe(false);
    expect(shouldWaitForChat({ ...start, onChatPath: false })).toBe(false);
  });
});

function openOnce(idb: IDBFactory, version: number, upgrade?: (db: IDBDatabase) => void) {
  return new Promise<{ db: IDBDatabase; blocked: boolean }>((resolve, reject) => {
    let blocked = false;
    const request = idb.open(DEVICE_DB_NAME, version);
    request.onupgradeneeded = () => upgrade?.(request.result);
    request.onblocked = () => {
      blocked = true;
    };
    request.onsuccess = () => resolve({ db: request.result, blocked });
    request.onerror = () => reject(request.error);
  });
}

describe('warming the device store', () => {
  it('names the database Dexie opens', () => {
    expect(DEVICE_DB_NAME).toBe(DB_NAME);
  });

  it('does not create a database that does not exist yet', async () => {
    const idb = new IDBFactory();
    warmDeviceStore(idb);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await idb.databases()).toEqual([]);
  });

  it('leaves no connection open that would hold up a version upgrade', async () => {
    const idb = new IDBFactory();
    const first = await openOnce(idb, 10, (db) => db.createObjectStore('messages'));
    first.db.close();
    warmDeviceStore(idb);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const upgraded = await openOnce(idb, 20, (db) => db.createObjectStore('settings'));
    expect(upgraded.blocked).toBe(false);
    expect([...upgraded.db.objectStoreNames].sort()).toEqual(['messages', 'settings']);
    upgraded.db.close();
  });
});

describe('a preloaded screen', () => {
  it('renders in the first render, without its fallback', async () => {
    const Screen = lazyComponent(async () => ({ default: () => <p>Chat</p> }));
    await Screen.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>,
    );
    // No awaited act: the content is there at once.
    expect(screen.getByText('Chat')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });
});

describe('after the next paint', () => {
  it('runs in a task after the next frame', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let frame: FrameRequestCallback | undefined;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frame = callback;
      return 1;
    });
    const work = vi.fn();
    afterNextPaint(work);
    await vi.advanceTimersByTimeAsync(100);
    expect(work).not.toHaveBeenCalled();
    act(() => frame!(0));
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(work).toHaveBeenCalledTimes(1);
    // The safety net does not run it a second time.
    await vi.advanceTimersByTimeAsync(AFTER_PAINT_MAX_WAIT_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs anyway when no frame comes (a hidden page paints none)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const work = vi.fn();
    afterNextPaint(work);
    await vi.advanceTimersByTimeAsync(AFTER_PAINT_MAX_WAIT_MS - 1);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('does not run once cancelled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const cancelFrame = vi.fn();
    vi.stubGlobal('requestAnimationFrame', () => 7);
    vi.stubGlobal('cancelAnimationFrame', cancelFrame);
    const work = vi.fn();
    const cancel = afterNextPaint(work);
    cancel();
    await vi.advanceTimersByTimeAsync(AFTER_PAINT_MAX_WAIT_MS * 2);
    expect(work).not.toHaveBeenCalled();
    expect(cancelFrame).toHaveBeenCalledWith(7);
  });
});
