import { describe, expect, it } from 'vitest';
import { createStore, get, set, type UseStore } from 'idb-keyval';
import { abortWritesWhenCached, trackedStore } from '@/db/pending-writes';
import { freshDb } from './helpers';

function pageHide(persisted: boolean): Event {
  return Object.assign(new Event('pagehide'), { persisted });
}

/** A promise the test awaits, and the call that fulfils it. */
function signal(): { fired: Promise<void>; fire: () => void } {
  let fire = () => {};
  const fired = new Promise<void>((resolve) => (fire = resolve));
  return { fired, fire };
}

/** Holds a transaction open (asking its store again and again, as a long one does) until let go. */
function gate(table: { get(key: string): Promise<unknown> }) {
  let released = false;
  return {
    async held(): Promise<void> {
      while (!released) await table.get('-');
    },
    open: () => {
      released = true;
    },
  };
}

describe('a page put in the back/forward cache ends its unfinished writes', () => {
  it('aborts a write under way as the page is cached; nothing of it is stored, and writes go on once it is shown again', async () => {
    const db = freshDb();
    const page = new EventTarget();
    const stop = abortWritesWhenCached(page);
    const held = gate(db.uiState);
    const { fired: running, fire: started } = signal();

    const write = db.transaction('rw', db.uiState, async () => {
      await db.uiState.put({ key: 'seen', value: 1 });
      started();
      await held.held();
      await db.uiState.put({ key: 'seen', value: 2 });
    });
    await running;
    page.dispatchEvent(pageHide(true));
    held.open();

    await expect(write).rejects.toMatchObject({ name: 'AbortError' });
    expect(await db.uiState.get('seen')).toBeUndefined();
    page.dispatchEvent(new Event('pageshow'));
    await db.uiState.put({ key: 'seen', value: 3 });
    expect(await db.uiState.get('seen')).toEqual({ key: 'seen', value: 3 });
    stop();
  });

  it('leaves reads alone (a live query aborted would throw in its screen), and a page going away for good', async () => {
    const db = freshDb();
    await db.uiState.put({ key: 'seen', value: 1 });
    const page = new EventTarget();
    const stop = abortWritesWhenCached(page);
    const held = gate(db.uiState);
    const { fired: running, fire: started } = signal();
    const read = db.transaction('r', db.uiState, async () => {
      const first = await db.uiState.get('seen');
      started();
      await held.held();
      return first;
    });
    const heldWrite = gate(db.settings);
    const { fired: writeRunning, fire: writing } = signal();
    const write = db.transaction('rw', db.settings, async () => {
      await db.settings.put({ key: 'timeZone', value: 'Europe/Berlin' });
      writing();
      await heldWrite.held();
    });
    await Promise.all([running, writeRunning]);

    page.dispatchEvent(pageHide(false));
    page.dispatchEvent(pageHide(true));
    held.open();
    await expect(read).resolves.toEqual({ key: 'seen', value: 1 });
    heldWrite.open();
    await expect(write).rejects.toMatchObject({ name: 'AbortError' });
    stop();
  });

  it('a write that ended before the page was cached is kept', async () => {
    const db = freshDb();
    const page = new EventTarget();
    const stop = abortWritesWhenCached(page);
    await db.uiState.put({ key: 'draft', value: 'see you at 7' });
    page.dispatchEvent(pageHide(true));
    expect(await db.uiState.get('draft')).toEqual({ key: 'draft', value: 'see you at 7' });
    stop();
  });

  it('aborts a write of an idb-keyval store (the fetch cache) under way as the page is cached', async () => {
    const inner = createStore(`kiri-query-cache-${Math.random()}`, 'cache');
    const { fired: putRequested, fire: requested } = signal();
    // Tells the test once the write's request is made, before its transaction commits.
    const watched: UseStore = (mode, callback) =>
      inner(mode, (objectStore) => {
        const result = callback(objectStore);
        if (mode === 'readwrite') requested();
        return result;
      });
    const store = trackedStore(watched);
    const page = new EventTarget();
    const stop = abortWritesWhenCached(page);
    await set('kiri-query-cache', 'before', inner);

    const writing = set('kiri-query-cache', 'during', store);
    await putRequested;
    page.dispatchEvent(pageHide(true));

    // idb-keyval rejects with the transaction's error, which an abort leaves null.
    await expect(
      writing.then(
        () => 'stored',
        () => 'failed',
      ),
    ).resolves.toBe('failed');
    expect(await get('kiri-query-cache', inner)).toBe('before');
    stop();
  });

  it('ends a write begun while the page is being cached (a later pagehide handler), and writes go on once it is shown again', async () => {
    const db = freshDb();
    await db.open();
    const page = new EventTarget();
    const stop = abortWritesWhenCached(page);
    page.dispatchEvent(pageHide(true));

    const late = db.uiState.put({ key: 'composerDraft', value: 'half a thought' });
    await expect(late).rejects.toBeDefined();
    expect(await db.uiState.get('composerDraft')).toBeUndefined();

    page.dispatchEvent(new Event('pageshow'));
    await db.uiState.put({ key: 'composerDraft', value: 'half a thought' });
    expect(await db.uiState.get('composerDraft')).toEqual({
      key: 'composerDraft',
      value: 'half a thought',
    });
    stop();
  });
});
