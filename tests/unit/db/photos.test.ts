// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pullConversations, type ServerMessage } from '@/db/conversation-pull';
import { drainOutbox } from '@/db/outbox-delivery';
import { IMAGE_REPLY_EMOTION, imageUploadForm, readPhotoPicture, sharePhoto } from '@/db/photos';
import { deleteMessageHere, newestMessages } from '@/db/messages';
import { ownerMessagesWaiting } from '@/db/outbox-waiting';
import { ensureTodaySession } from '@/db/sessions';
import type { KiriDatabase } from '@/db/schema';
import { IMAGE_SENT_TEXT } from '@/domain/image-rules';
import { CONNECTION_REASON } from '@/domain/outbox-rules';
import { freshDb, jsonResponse, queueOwnerMessage } from './helpers';

let db: KiriDatabase;
afterEach(async () => db?.delete());

const T0 = Date.parse('2026-11-22T02:00:00Z');
const SESSION = '2026-11-22';
const ZONE = 'Asia/Shanghai';

async function setup() {
  db = freshDb();
  await ensureTodaySession(db, T0, ZONE);
}

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

function share(id: string, options: { at?: number; offline?: boolean; note?: string } = {}) {
  return sharePhoto(db, {
    id,
    messageId: `${id}-msg`,
    sessionId: SESSION,
    file: new Blob([PNG_BYTES], { type: 'image/png' }),
    name: 'harbour.png',
    mimeType: 'image/png',
    note: options.note ?? '  the harbour at dawn ',
    temporary: true,
    width: 640,
    height: 480,
    thumbnail: new Blob([PNG_BYTES.slice(0, 4)], { type: 'image/jpeg' }),
    now: options.at ?? T0,
    offline: options.offline,
  });
}

/** The server's 201 for a photo (docs/images.md), with the ids of the two entries it appended. */
function uploaded(key: string) {
  return jsonResponse(201, {
    success: true,
    image: {
      id: `img-${key}`,
      url: `/api/images/img-${key}`,
      thumbnailUrl: `/api/images/img-${key}/thumbnail`,
      kiriResponse: 'A bright, wide photo, mostly blue.',
      emotionalTag: 'cheerful',
      temporary: true,
      expiresAt: T0 + 86_400_000,
      uploadedAt: T0 + 50,
      userMessageId: `srv-${key}-sent`,
      kiriMessageId: `srv-${key}-reply`,
    },
  });
}

describe('photos: shared into the device store and the outbox in one step', () => {
  it('stores the photo, its Image sent entry and one image entry keyed by the photo id', async () => {
    await setup();
    await share('p1');
    const message = await db.messages.get('p1-msg');
    expect(message).toMatchObject({
      message: IMAGE_SENT_TEXT,
      photoId: 'p1',
      photoSize: { width: 640, height: 480 },
      status: 'sending',
    });
    expect(await db.photos.get('p1')).toMatchObject({
      status: 'queued',
      note: 'the harbour at dawn',
    });
    expect((await db.photoFiles.get('p1'))?.file?.size).toBe(PNG_BYTES.length);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'image', key: 'p1', url: '/api/images/upload' });
    expect((await db.sessions.get(SESSION))?.messageCount).toBe(1);
  });

  it('offline, the photo waits for a connection from the moment it is stored', async () => {
    await setup();
    await share('p1', { offline: true });
    expect(await db.messages.get('p1-msg')).toMatchObject({
      status: 'waiting',
      statusReason: CONNECTION_REASON,
    });
  });

  it("deleting the photo's message deletes the device's copy of the photo too", async () => {
    await setup();
    await share('p1', { offline: true });
    await deleteMessageHere(db, 'p1-msg', T0 + 10, async () => false);
    expect(await db.messages.get('p1-msg')).toBeUndefined();
    expect(await db.photos.count()).toBe(0);
    expect(await db.photoFiles.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it("a waiting photo counts in the banner's 'messages waiting to send', beside the chat's messages", async () => {
    await setup();
    await queueOwnerMessage(db, { id: 'm1', text: 'look at this', sessionId: SESSION, at: T0 });
    await share('p1', { offline: true, at: T0 + 1 });
    expect(await ownerMessagesWaiting(db)).toEqual({ count: 2, retrying: false });
  });
});

describe('photos: a browser that refuses Blobs in IndexedDB (WebKit private browsing) keeps the bytes', () => {
  it('stores the photo once as bytes, and the upload and the chat read it back as the same image', async () => {
    await setup();
    // WebKit's ephemeral sessions abort a transaction that puts a Blob (docs/webkit.md).
    db.photoFiles.hook('creating', (_key, row) => {
      if (row.file instanceof Blob || row.thumbnail instanceof Blob) {
        throw new Error('Error preparing Blob/File data to be stored in object store');
      }
    });
    await share('p1');
    expect(await db.photos.count()).toBe(1);
    expect(await db.messages.get('p1-msg')).toMatchObject({ photoId: 'p1' });
    expect(await db.outbox.count()).toBe(1);
    const [entry] = await db.outbox.toArray();
    const image = (await imageUploadForm(db, entry!))?.get('image');
    expect(image).toBeInstanceOf(Blob);
    expect((image as Blob).type).toBe('image/png');
    expect(new Uint8Array(await (image as Blob).arrayBuffer())).toEqual(PNG_BYTES);
    const picture = await readPhotoPicture(db, 'p1');
    expect(picture?.type).toBe('image/jpeg');
    expect(new Uint8Array(await picture!.arrayBuffer())).toEqual(PNG_BYTES.slice(0, 4));
  });
});

describe('photos: the drainer sends multipart once with its key and writes the pair once', () => {
  it('sends the stored Blob as multipart with the Idempotency-Key, then keeps the server ids', async () => {
    await setup();
    await share('p1');
    const bodies: { key: string | null; form: FormData; contentType: string | null }[] = [];
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      bodies.push({
        key: headers.get('Idempotency-Key'),
        form: init?.body as FormData,
        contentType: headers.get('Content-Type'),
      });
      return uploaded('p1');
    });
    const summary = await drainOutbox(db, { fetch, now: () => T0 + 100 });
    expect(summary.delivered).toBe(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [sent] = bodies;
    expect(sent!.key).toBe('p1');
    // The browser writes the multipart Content-Type with its boundary; a fixed one would break it.
    expect(sent!.contentType).toBeNull();
    expect(sent!.form).toBeInstanceOf(FormData);
    const image = sent!.form.get('image') as File;
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG_BYTES);
    expect(sent!.form.get('userAnnotation')).toBe('the harbour at dawn');
    expect(sent!.form.get('hideFromMemory')).toBe('true');
    expect(sent!.form.get('conversationId')).toBe(SESSION);
    expect(sent!.form.get('clientTimestamp')).toBe(String(T0));

    // The device's entry now has the server's id, in the same place, with Kiri's answer under it.
    expect(await db.messages.get('p1-msg')).toBeUndefined();
    const day = await newestMessages(db, SESSION, 10);
    expect(day.map((m) => [m.id, m.sender, m.message])).toEqual([
      ['srv-p1-sent', 'user', IMAGE_SENT_TEXT],
      ['srv-p1-reply', 'kiri', 'A bright, wide photo, mostly blue.'],
    ]);
    expect(day[0]).toMatchObject({
      status: 'answered',
      photoId: 'p1',
      photoSize: { width: 640, height: 480 },
    });
    expect(day[1]!.emotionalState).toEqual(IMAGE_REPLY_EMOTION);
    expect(await db.photos.get('p1')).toMatchObject({
      status: 'uploaded',
      messageId: 'srv-p1-sent',
      server: { thumbnailUrl: '/api/images/img-p1/thumbnail', imageId: 'img-p1' },
    });
    // The full bytes are on the server now; the small copy stays for the chat offline.
    const files = await db.photoFiles.get('p1');
    expect(files?.file).toBeNull();
    expect(files?.thumbnail).not.toBeNull();
    expect((await db.sessions.get(SESSION))?.messageCount).toBe(2);

    // Nothing is sent again, and a pull of the server's log brings neither entry a second time.
    await drainOutbox(db, { fetch, now: () => T0 + 200 });
    expect(fetch).toHaveBeenCalledTimes(1);
    const log: ServerMessage[] = [
      {
        id: 'srv-p1-sent',
        sender: 'user',
        message: IMAGE_SENT_TEXT,
        timestamp: T0,
        sessionId: SESSION,
      },
      {
        id: 'srv-p1-reply',
        sender: 'kiri',
        message: 'A bright, wide photo, mostly blue.',
        timestamp: T0 + 50,
        sessionId: SESSION,
        answersId: 'srv-p1-sent',
      },
    ];
    const added = await pullConversations(db, {
      fetch: async () => jsonResponse(200, log),
      timeZone: ZONE,
      now: () => T0 + 300,
    });
    expect(added).toBe(0);
    expect(await db.messages.count()).toBe(2);
  });

  it('a pull that brought the pair before the answer was recorded leaves one pair after the replay', async () => {
    await setup();
    await share('p1');
    // The upload reached the server but its answer was lost; the pull brings the server's entries.
    const log: ServerMessage[] = [
      {
        id: 'srv-p1-sent',
        sender: 'user',
        message: IMAGE_SENT_TEXT,
        timestamp: T0,
        sessionId: SESSION,
      },
      {
        id: 'srv-p1-reply',
        sender: 'kiri',
        message: 'A bright, wide photo, mostly blue.',
        timestamp: T0 + 50,
        sessionId: SESSION,
        answersId: 'srv-p1-sent',
      },
    ];
    await pullConversations(db, {
      fetch: async () => jsonResponse(200, log),
      timeZone: ZONE,
      now: () => T0 + 10,
    });
    await drainOutbox(db, { fetch: async () => uploaded('p1'), now: () => T0 + 100 });
    const day = await newestMessages(db, SESSION, 10);
    expect(day.map((m) => m.id)).toEqual(['srv-p1-sent', 'srv-p1-reply']);
    expect(day[0]!.photoId).toBe('p1');
    expect((await db.sessions.get(SESSION))?.messageCount).toBe(2);
  });

  it('a refusal (415) marks the photo failed with the server message and is never sent again', async () => {
    await setup();
    await share('p1');
    const message = 'Invalid file type. Please select a JPEG, PNG, WebP, or GIF image.';
    const fetch = vi.fn(async () => jsonResponse(415, { success: false, error: message, message }));
    const summary = await drainOutbox(db, { fetch, now: () => T0 + 100 });
    expect(summary.refused).toBe(1);
    expect(await db.photos.get('p1')).toMatchObject({ status: 'failed', error: message });
    expect(await db.messages.get('p1-msg')).toMatchObject({
      status: 'failed',
      statusReason: message,
    });
    expect(await db.outbox.count()).toBe(0);
    await drainOutbox(db, { fetch, now: () => T0 + 60_000, force: true });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('without a connection it waits, and is sent once when the connection is back', async () => {
    await setup();
    await share('p1');
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementation(async () => uploaded('p1'));
    await drainOutbox(db, { fetch, now: () => T0 + 100 });
    expect(await db.messages.get('p1-msg')).toMatchObject({
      status: 'waiting',
      statusReason: CONNECTION_REASON,
    });
    expect((await db.photos.get('p1'))?.status).toBe('queued');
    await drainOutbox(db, { fetch, now: () => T0 + 5_000, force: true });
    await drainOutbox(db, { fetch, now: () => T0 + 10_000, force: true });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect((await db.messages.toArray()).filter((m) => m.sender === 'kiri')).toHaveLength(1);
  });

  it('a photo shared between two queued messages reaches the server between them', async () => {
    await setup();
    await queueOwnerMessage(db, { id: 'm1', text: 'on the ferry', sessionId: SESSION, at: T0 });
    await share('p1', { at: T0 + 1 });
    await queueOwnerMessage(db, { id: 'm2', text: 'look at that', sessionId: SESSION, at: T0 + 2 });
    const order: string[] = [];
    let online = false;
    const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (!online) throw new TypeError('Failed to fetch');
      const key = new Headers(init?.headers).get('Idempotency-Key')!;
      order.push(key);
      if (String(url) === '/api/images/upload') return uploaded(key);
      return jsonResponse(200, {
        kiriMessages: [{ id: `${key}-r`, message: 'mm', timestamp: T0 }],
        splitMessageTimings: [0],
      });
    });
    // The first message cannot go: the photo and the message behind it wait too.
    await drainOutbox(db, { fetch, now: () => T0 + 10 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((await db.messages.get('p1-msg'))?.status).toBe('waiting');
    online = true;
    await drainOutbox(db, { fetch, now: () => T0 + 20, force: true });
    expect(order).toEqual(['m1', 'p1', 'm2']);
    const day = await newestMessages(db, SESSION, 10);
    expect(day.map((m) => m.id)).toEqual([
      'm1',
      'm1-r',
      'srv-p1-sent',
      'srv-p1-reply',
      'm2',
      'm2-r',
    ]);
  });
});

describe('photos: a photo shared from another device shows here after a pull', () => {
  it('links the pulled Image sent entry to the server’s photo, asking GET /api/images once', async () => {
    await setup();
    const log: ServerMessage[] = [
      {
        id: 'srv-x-sent',
        sender: 'user',
        message: IMAGE_SENT_TEXT,
        timestamp: T0,
        sessionId: SESSION,
      },
      {
        id: 'srv-x-reply',
        sender: 'kiri',
        message: 'A calm photo.',
        timestamp: T0 + 5,
        sessionId: SESSION,
        answersId: 'srv-x-sent',
      },
    ];
    const urls: string[] = [];
    const fetch = async (input: RequestInfo | URL) => {
      urls.push(String(input));
      if (String(input).startsWith('/api/images')) {
        return jsonResponse(200, {
          success: true,
          images: [
            {
              id: 'img-x',
              url: '/api/images/img-x',
              thumbnailUrl: '/api/images/img-x/thumbnail',
              kiriResponse: 'A calm photo.',
              emotionalTag: 'calm',
              width: 800,
              height: 600,
              mimeType: 'image/jpeg',
              temporary: false,
              expiresAt: null,
              userMessageId: 'srv-x-sent',
              kiriMessageId: 'srv-x-reply',
            },
          ],
        });
      }
      return jsonResponse(200, log);
    };
    await pullConversations(db, { fetch, timeZone: ZONE, now: () => T0 + 10 });
    expect(await db.messages.get('srv-x-sent')).toMatchObject({
      photoId: 'img-x',
      photoSize: { width: 800, height: 600 },
    });
    expect(await db.photos.get('img-x')).toMatchObject({
      status: 'uploaded',
      width: 800,
      height: 600,
      server: { thumbnailUrl: '/api/images/img-x/thumbnail' },
    });
    // Linked once: a later pull of the same entries does not ask again.
    await db.settings.clear();
    await pullConversations(db, { fetch, timeZone: ZONE, now: () => T0 + 20 });
    expect(urls.filter((url) => url.startsWith('/api/images'))).toHaveLength(1);
  });
});
