import { describe, expect, it, onTestFinished } from 'vitest';
import { liveQuery } from 'dexie';
import { createStore, get, set, type UseStore } from 'idb-keyval';
import { abortTransactionsWhenCached, readAcrossCache, trackedStore } from '@/db/page-transactions';
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

/** A read of the seen marker (stored as 1) held open, as the page's live queries' reads are. */
async function heldRead(db: ReturnType<typeof freshDb>) {
  await db.uiState.put({ key: 'seen', value: 1 });
  const held = gate(db.uiState);
  const { fired: running, fire: started } = signal();
  const read = db.transaction('r', db.uiState, async () => {
    const first = await db.uiState.get('seen');
    started();
    await held.held();
    return first;
  });
  return { read, running, held };
}

describe('a page put in the back/forward cache ends its unfinished transactions', () => {
  it('aborts a write under way as the page is cached; nothing of it is stored, and writes go on once it is shown again', async () => {
    const db = freshDb();
    const page = new EventTarget();
    // Ended even when the test fails, so that no later test starts on a cached page.
    onTestFinished(abortTransactionsWhenCached(page));
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
    page.dispatchEvent(new Event('pageshow'));
    expect(await db.uiState.get('seen')).toBeUndefined();
    await db.uiState.put({ key: 'seen', value: 3 });
    expect(await db.uiState.get('seen')).toEqual({ key: 'seen', value: 3 });
  });

  it('aborts a read under way as the page is cached: a frozen read holds the writes of other contexts, and every read after them', async () => {
    const db = freshDb();
    const page = new EventTarget();
    onTestFinished(abortTransactionsWhenCached(page));
    const { read, running, held } = await heldRead(db);
    await running;

    page.dispatchEvent(pageHide(true));
    held.open();
    await expect(read).rejects.toMatchObject({ name: 'AbortError' });
    page.dispatchEvent(new Event('pageshow'));
    expect(await db.uiState.get('seen')).toEqual({ key: 'seen', value: 1 });
  });

  it('a live query whose read is caught reports no error, and reads again at the next change once the page is shown', async () => {
    const db = freshDb();
    await db.uiState.put({ key: 'seen', value: 1 });
    const page = new EventTarget();
    onTestFinished(abortTransactionsWhenCached(page));
    const held = gate(db.uiState);
    const { fired: running, fire: started } = signal();
    let holdNextRead = false;
    const values: unknown[] = [];
    const errors: unknown[] = [];
    const { fired: firstValue, fire: gotFirst } = signal();
    const { fired: secondValue, fire: gotSecond } = signal();
    const subscription = liveQuery(() =>
      db.transaction('r', db.uiState, async () => {
        const row = await db.uiState.get('seen');
        if (holdNextRead) {
          holdNextRead = false;
          setTimeout(started);
          await held.held();
        }
        return row?.value;
      }),
    ).subscribe({
      next: (value) => {
        values.push(value);
        // Out of the query's own zone, so that the test's writes are not taken as the query's.
        if (values.length === 1) setTimeout(gotFirst);
        if (values.length === 2) setTimeout(gotSecond);
      },
      error: (error) => errors.push(error),
    });
    await firstValue;

    // A change elsewhere sets the query reading; the page is cached while it reads.
    holdNextRead = true;
    await db.settings.put({ key: 'timeZone', value: 'Europe/Berlin' });
    await db.uiState.put({ key: 'seen', value: 2 });
    await running;
    page.dispatchEvent(pageHide(true));
    held.open();
    page.dispatchEvent(new Event('pageshow'));

    await db.uiState.put({ key: 'seen', value: 3 });
    await secondValue;
    expect(values).toEqual([1, 3]);
    expect(errors).toEqual([]);
    subscription.unsubscribe();
  });

  it('leaves a read and a write alone when the page goes away for good', async () => {
    const db = freshDb();
    const page = new EventTarget();
    onTestFinished(abortTransactionsWhenCached(page));
    const { read, running, held } = await heldRead(db);
    const heldWrite = gate(db.settings);
    const { fired: writeRunning, fire: writing } = signal();
    const write = db.transaction('rw', db.settings, async () => {
      await db.settings.put({ key: 'timeZone', value: 'Europe/Berlin' });
      writing();
      await heldWrite.held();
    });
    await Promise.all([running, writeRunning]);

    page.dispatchEvent(pageHide(false));
    held.open();
    heldWrite.open();
    await expect(read).resolves.toEqual({ key: 'seen', value: 1 });
    await expect(write).resolves.toBeUndefined();
    expect(await db.settings.get('timeZone')).toEqual({ key: 'timeZone', value: 'Europe/Berlin' });
  });

  it('tracks nothing until a page watches for the cache (the service worker never does)', async () => {
    const db = freshDb();
    const held = gate(db.uiState);
    const { fired: running, fire: started } = signal();
    // Begun with no page watching, as every transaction of the worker is.
    const write = db.transaction('rw', db.uiState, async () => {
      await db.uiState.put({ key: 'seen', value: 1 });
      started();
      await held.held();
    });
    await running;
    const page = new EventTarget();
    onTestFinished(abortTransactionsWhenCached(page));
    page.dispatchEvent(pageHide(true));
    held.open();
    await expect(write).resolves.toBeUndefined();
    page.dispatchEvent(new Event('pageshow'));
    expect(await db.uiState.get('seen')).toEqual({ key: 'seen', value: 1 });
  });

  it('a write that ended before the page was cached is kept', async () => {
    const db = freshDb();
    const page = new EventTarget();
    onTestFinished(abortTransactionsWhenCached(page));
    await db.uiState.put({ key: 'draft', value: 'see you at 7' });
    page.dispatchEvent(pageHide(true));
    page.dispatchEvent(new Event('pageshow'));
    expect(await db.uiState.get('draft')).toEqual({ key: 'draft', value: 'see you at 7' });
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
    onTestFinished(abortTransactionsWhenCached(page));
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
  });

  it('ends a write begun while the page is being cached (a later pagehide handler), and writes go on once it is shown again', async () => {
    const db = freshDb();
    await db.open();
    const page = new EventTarget();
    onTestFinished(abortTransactionsWhenCached(page));
    page.dispatchEvent(pageHide(true));

    const late = db.uiState.put({ key: 'composerDraft', value: 'half a thought' });
    await expect(late).rejects.toBeDefined();

    page.dispatchEvent(new Event('pageshow'));
    expect(await db.uiState.get('composerDraft')).toBeUndefined();
    await db.uiState.put({ key: 'composerDraft', value: 'half a thought' });
    expect(await db.uiState.get('composerDraft')).toEqual({
      key: 'composerDraft',
      value: 'half a thought',
    });
  });
});

describe('a one-off read ended as the page is cached is read again once it is shown', () => {
  it("reads the fetch cache's copy again after the pageshow instead of failing (the persister would throw it away)", async () => {
    const inner = createStore(`kiri-query-cache-${Math.random()}`, 'cache');
    await set('kiri-query-cache', 'yesterday’s answers', inner);
    const { fired: getRequested, fire: requested } = signal();
    let reads = 0;
    const watched: UseStore = (mode, callback) =>
      inner(mode, (objectStore) => {
        const result = callback(objectStore);
        reads += 1;
        if (reads === 1) requested();
        return result;
      });
    const store = trackedStore(watched);
    const page = new EventTarget();
    onTestFinished(abortTransactionsWhenCached(page));

    const restoring = readAcrossCache(() => get<string>('kiri-query-cache', store));
    await getRequested;
    page.dispatchEvent(pageHide(true));
    // Still cached: the read waits for the page to be shown.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toBe(1);
    page.dispatchEvent(new Event('pageshow'));

    await expect(restoring).resolves.toBe('yesterday’s answers');
    expect(reads).toBe(2);
  });

  it('a read that fails with the page in view fails as before', async () => {
    const page = new EventTarget();
    onTestFinished(abortTransactionsWhenCached(page));
    let reads = 0;
    const failing = () => {
      reads += 1;
      return Promise.reject(new Error('QuotaExceededError'));
    };
    await expect(readAcrossCache(failing)).rejects.toThrow('QuotaExceededError');
    expect(reads).toBe(1);
  });
});
