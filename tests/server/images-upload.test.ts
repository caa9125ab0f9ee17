// POST /api/images/upload and the photo routes (issue 13's server list): the four formats known by their
// bytes, a renamed text file and a broken image refused (415), 10 MB + 1 byte refused while streaming
// (413), a replay stored once, no photo without a session or for another account, no escape from
// uploads/, the EXIF location gone, the conversation pair, temporary photos deleted after 24 hours.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import exifReader from 'exif-reader';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY_REUSED } from '../../server/chat/idempotency';
import { NOT_LOGGED_IN } from '../../server/auth/guards';
import {
  FILE_TOO_LARGE,
  IMAGE_EXPIRED,
  IMAGE_NOT_FOUND,
  INVALID_FILE_TYPE,
  MAX_IMAGE_BYTES,
  MAX_UPLOAD_BODY_BYTES,
  NOT_DECODABLE,
  TEMPORARY_RETENTION_MS,
  unsupportedFormat,
} from '../../server/images/image-limits';
import {
  IMAGE_REPLY_EMOTIONAL_STATE,
  IMAGE_SENT_MESSAGE,
  type UploadAnswer,
} from '../../server/images/image-service';
import { KEPT_IMAGE_CACHE } from '../../server/routes/images';
import { closeStores } from '../../server/store/stores';
import { expectError, startTestApp, type TestApp, type TestBrowser } from './support/harness';
import { cleanUpChatApps, fakeCompanion, logOf, ownerChat } from './support/chat-harness';

afterEach(cleanUpChatApps);

interface UploadPart {
  bytes: Uint8Array;
  name?: string;
  type?: string;
  note?: string;
  hide?: boolean;
  conversationId?: string;
}

function formOf(part: UploadPart): FormData {
  const form = new FormData();
  form.append(
    'image',
    new Blob([part.bytes], { type: part.type ?? 'application/octet-stream' }),
    part.name ?? 'photo',
  );
  form.append('userAnnotation', part.note ?? '');
  form.append('hideFromMemory', String(part.hide ?? false));
  if (part.conversationId !== undefined) form.append('conversationId', part.conversationId);
  return form;
}

function cookieOf(browser: TestBrowser): string {
  return [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Sends a multipart body the way a browser does (FormData: streamed, no Content-Length). */
async function upload(
  setup: TestApp,
  browser: TestBrowser | null,
  part: UploadPart,
  headers: Record<string, string> = {},
): Promise<Response> {
  return setup.app.request(
    'http://localhost/api/images/upload',
    {
      method: 'POST',
      body: formOf(part),
      headers: { ...(browser ? { cookie: cookieOf(browser) } : {}), ...headers },
    },
    { incoming: { socket: { remoteAddress: '203.0.113.10' } } } as never,
  );
}

async function uploadOk(
  setup: TestApp,
  browser: TestBrowser,
  part: UploadPart,
  headers: Record<string, string> = {},
): Promise<UploadAnswer> {
  const response = await upload(setup, browser, part, headers);
  if (response.status !== 201) {
    throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as UploadAnswer;
}

async function get(setup: TestApp, browser: TestBrowser | null, path: string): Promise<Response> {
  return setup.app.request(
    `http://localhost${path}`,
    { headers: browser ? { cookie: cookieOf(browser) } : {} },
    { incoming: { socket: { remoteAddress: '203.0.113.10' } } } as never,
  );
}

/** Every file under DATA_DIR/uploads (relative), the temp folder of uploads under way included. */
async function uploadedFiles(dataDir: string): Promise<string[]> {
  const found = await readdir(join(dataDir, 'uploads'), { recursive: true }).catch(() => []);
  const files: string[] = [];
  for (const name of found) {
    if ((await stat(join(dataDir, 'uploads', name))).isFile()) files.push(name);
  }
  return files.sort();
}

const BLUE = { r: 30, g: 80, b: 230 };

function picture(width = 96, height = 64, background = BLUE) {
  return sharp({ create: { width, height, channels: 3, background } });
}

const makers = {
  jpeg: () => picture().jpeg().toBuffer(),
  png: () => picture().png().toBuffer(),
  webp: () => picture().webp().toBuffer(),
  gif: () => picture().gif().toBuffer(),
};

/** A JPEG as a phone writes it: turned (EXIF orientation 6), with the time taken and a GPS location. */
async function phoneJpeg(): Promise<Buffer> {
  return picture(120, 80)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'KiriTestCam', Model: 'Commute 1' },
      IFD2: { DateTimeOriginal: '2026:01:15 07:42:10' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '31/1 13/1 3600/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '121/1 28/1 1200/100',
      },
    })
    .toBuffer();
}

describe('POST /api/images/upload: what is accepted', () => {
  for (const [format, make] of Object.entries(makers)) {
    it(`accepts a ${format.toUpperCase()} by its bytes, whatever its declared type and name`, async () => {
      const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
      const bytes = await make();
      const answer = await uploadOk(setup, owner, { bytes, name: 'upload.bin' });
      expect(answer.success).toBe(true);
      expect(answer.image.url).toBe(`/api/images/${answer.image.id}`);
      expect(answer.image.kiriResponse).toMatch(/mostly blue/);
      expect(answer.image.mimeType).toBe(`image/${format}`);

      const served = await get(setup, owner, answer.image.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(`image/${format}`);
      const body = Buffer.from(await served.arrayBuffer());
      expect((await sharp(body).metadata()).format).toBe(format);
      const thumb = await get(setup, owner, answer.image.thumbnailUrl);
      expect(thumb.status).toBe(200);
      expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).format).toBe('webp');
    });
  }

  it("keeps a GIF's animation, and gives one frame's size", async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const frames = await Promise.all(
      ['#d22', '#2b2', '#23d'].map((background) =>
        sharp({ create: { width: 40, height: 30, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif({ delay: [100, 100, 100] })
      .toBuffer();
    const { image } = await uploadOk(setup, owner, { bytes: gif });
    expect([image.width, image.height]).toEqual([40, 30]);
    expect(image.kiriResponse).toMatch(/little animation/);
    const served = Buffer.from(await (await get(setup, owner, image.url)).arrayBuffer());
    expect((await sharp(served).metadata()).pages).toBe(3);
  });

  it('refuses a text file named .png with 415, and stores nothing', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const bytes = new TextEncoder().encode('just some words, not a picture at all\n'.repeat(200));
    const response = await upload(setup, owner, { bytes, name: 'photo.png', type: 'image/png' });
    await expectError(response, 415, INVALID_FILE_TYPE);
    expect(await uploadedFiles(setup.dataDir)).toEqual([]);
    expect(await logOf(owner)).toEqual([]);
  });

  it('refuses another image format (TIFF) with 415, naming it', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const bytes = await picture().tiff().toBuffer();
    const response = await upload(setup, owner, { bytes, name: 'a.jpg', type: 'image/jpeg' });
    await expectError(response, 415, unsupportedFormat('image/tiff'));
  });

  it('refuses a file that starts like an image but does not decode with 415', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const jpeg = await makers.jpeg();
    const png = await makers.png();
    const broken = [
      // A JPEG's start (its magic number and JFIF header), then no picture at all.
      Buffer.concat([jpeg.subarray(0, 20), Buffer.alloc(5000, 0x41)]),
      // A PNG cut in half on the way.
      png.subarray(0, Math.floor(png.length / 2)),
    ];
    for (const bytes of broken) {
      await expectError(await upload(setup, owner, { bytes }), 415, NOT_DECODABLE);
    }
    expect(await uploadedFiles(setup.dataDir)).toEqual([]);
    expect(await logOf(owner)).toEqual([]);
  });
});

/** A JPEG followed by zeros (ignored after its end marker) to make a file of exactly `size` bytes. */
async function jpegOfSize(size: number): Promise<Buffer> {
  const head = await makers.jpeg();
  return Buffer.concat([head, Buffer.alloc(size - head.length)]);
}

const COUNTED_CHUNK = 64 * 1024;

/** The multipart body of `part` as bytes, with its content type, and a stream that counts what is read. */
async function countedBody(part: UploadPart) {
  const request = new Request('http://localhost/', { method: 'POST', body: formOf(part) });
  const bytes = new Uint8Array(await request.arrayBuffer());
  const contentType = request.headers.get('content-type')!;
  const counter = { pulled: 0, total: bytes.length };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= bytes.length) return controller.close();
      const chunk = bytes.subarray(counter.pulled, counter.pulled + COUNTED_CHUNK);
      counter.pulled += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, contentType, counter };
}

async function sendCounted(
  setup: TestApp,
  owner: TestBrowser,
  body: Awaited<ReturnType<typeof countedBody>>,
  declaredLength: boolean,
): Promise<Response> {
  return setup.app.request(
    'http://localhost/api/images/upload',
    {
      method: 'POST',
      body: body.stream,
      duplex: 'half',
      headers: {
        cookie: cookieOf(owner),
        'content-type': body.contentType,
        ...(declaredLength ? { 'content-length': String(body.counter.total) } : {}),
      },
    } as RequestInit,
    { incoming: { socket: { remoteAddress: '203.0.113.10' } } } as never,
  );
}

describe('POST /api/images/upload: the 10 MB limit', () => {
  for (const declaredLength of [true, false]) {
    it(`refuses 10 MB + 1 byte with 413 ${declaredLength ? 'with' : 'without'} a Content-Length, storing nothing`, async () => {
      const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
      const body = await countedBody({ bytes: await jpegOfSize(MAX_IMAGE_BYTES + 1) });
      await expectError(await sendCounted(setup, owner, body, declaredLength), 413, FILE_TOO_LARGE);
      expect(await uploadedFiles(setup.dataDir)).toEqual([]);
      expect(await logOf(owner)).toEqual([]);
    });
  }

  it('refuses a body declared past the cap before reading it', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const body = await countedBody({ bytes: await jpegOfSize(MAX_UPLOAD_BODY_BYTES + 1) });
    await expectError(await sendCounted(setup, owner, body, true), 413, FILE_TOO_LARGE);
    // At most what the stream queues ahead of a reader that never came.
    expect(body.counter.pulled).toBeLessThanOrEqual(2 * COUNTED_CHUNK);
  });

  it('stops reading a 30 MB body without a length once it passes the cap', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const body = await countedBody({ bytes: await jpegOfSize(30 * 1024 * 1024) });
    await expectError(await sendCounted(setup, owner, body, false), 413, FILE_TOO_LARGE);
    expect(body.counter.pulled).toBeLessThanOrEqual(MAX_UPLOAD_BODY_BYTES + 3 * COUNTED_CHUNK);
    expect(await uploadedFiles(setup.dataDir)).toEqual([]);
  });

  it('accepts an image of exactly 10 MB', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const answer = await uploadOk(setup, owner, { bytes: await jpegOfSize(MAX_IMAGE_BYTES) });
    expect(answer.image.width).toBe(96);
  });
});

describe('POST /api/images/upload: exactly once', () => {
  it('stores one file and one pair of entries for a replay with the same key, and answers the same', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const bytes = await makers.png();
    const key = 'outbox-image-1';
    const first = await upload(
      setup,
      owner,
      { bytes, note: 'the river' },
      { 'Idempotency-Key': key },
    );
    expect(first.status).toBe(201);
    const filesAfterFirst = await uploadedFiles(setup.dataDir);
    const again = await upload(
      setup,
      owner,
      { bytes, note: 'the river' },
      { 'Idempotency-Key': key },
    );
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(await uploadedFiles(setup.dataDir)).toEqual(filesAfterFirst);
    expect(filesAfterFirst).toHaveLength(2);
    const log = await logOf(owner);
    expect(log.map((entry) => entry.sender)).toEqual(['user', 'kiri']);
  });

  it('runs two overlapping requests with one key once', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const bytes = await makers.jpeg();
    const headers = { 'Idempotency-Key': 'overlap-1' };
    const [a, b] = await Promise.all([
      upload(setup, owner, { bytes }, headers),
      upload(setup, owner, { bytes }, headers),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(((await a.json()) as UploadAnswer).image.id).toBe(
      ((await b.json()) as UploadAnswer).image.id,
    );
    expect(await uploadedFiles(setup.dataDir)).toHaveLength(2);
    expect(await logOf(owner)).toHaveLength(2);
  });

  it('refuses the same key with another photo (422) and writes nothing', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const headers = { 'Idempotency-Key': 'reused-1' };
    await uploadOk(setup, owner, { bytes: await makers.jpeg() }, headers);
    await expectError(
      await upload(setup, owner, { bytes: await makers.png() }, headers),
      422,
      KEY_REUSED,
    );
    expect(await uploadedFiles(setup.dataDir)).toHaveLength(2);
    expect(await logOf(owner)).toHaveLength(2);
  });

  it('finishes an upload cut short after its record (a crash) on the replay, without a second pair', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const bytes = await makers.jpeg();
    const headers = { 'Idempotency-Key': 'crash-1' };
    const first = await uploadOk(setup, owner, { bytes, note: 'the bay' }, headers);
    // As if the process died after the entries were appended but before the record said so.
    const record = setup.stores.images.data.images[first.image.id]!;
    await setup.stores.images.commit({
      put: { ...record, completedAt: null, userMessageId: null, kiriMessageId: null },
    });
    const again = await upload(setup, owner, { bytes, note: 'the bay' }, headers);
    expect(again.status).toBe(201);
    expect(((await again.json()) as UploadAnswer).image).toEqual(first.image);
    expect(await uploadedFiles(setup.dataDir)).toHaveLength(2);
    expect(await logOf(owner)).toHaveLength(2);
    const memories = setup.app.services.lattice.list('owner');
    expect(memories.filter((node) => node.content.includes('the bay'))).toHaveLength(1);
  });

  it('still replays after a restart', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const bytes = await makers.webp();
    const headers = { 'Idempotency-Key': 'restart-1' };
    const first = await uploadOk(setup, owner, { bytes }, headers);
    await closeStores(setup.stores);
    const restarted = await startTestApp({ dataDir: setup.dataDir, clock: setup.clock });
    const phone = restarted.browser();
    for (const [name, value] of owner.cookies) phone.cookies.set(name, value);
    const again = await upload(restarted, phone, { bytes }, headers);
    expect(again.status).toBe(201);
    expect(((await again.json()) as UploadAnswer).image).toEqual(first.image);
    expect(await logOf(phone)).toHaveLength(2);
  });
});

describe('the conversation sequence (spec 000 §7)', () => {
  it("appends 'Image sent 📷' from the owner, then Kiri's answer with curiosity 75, contentment 80, empathy 85", async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const answer = await uploadOk(setup, owner, {
      bytes: await makers.jpeg(),
      note: 'So happy to see the sea in Qingdao today',
    });
    const log = await logOf(owner);
    expect(log).toMatchObject([
      {
        id: answer.image.userMessageId,
        message: IMAGE_SENT_MESSAGE,
        sender: 'user',
        emotionalState: null,
        answersId: null,
      },
      {
        id: answer.image.kiriMessageId,
        message: answer.image.kiriResponse,
        sender: 'kiri',
        emotionalState: IMAGE_REPLY_EMOTIONAL_STATE,
        // Kiri's answer answers the photo's entry, as a chat reply answers its message.
        answersId: answer.image.userMessageId,
      },
    ]);
    expect(answer.image.emotionalTag).toBe('happy');
    expect(answer.image.kiriResponse).toMatch(/Qingdao/);
  });
});

describe('serving the photos back', () => {
  it('serves nothing without a session (401), nor to another account (404)', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const { image } = await uploadOk(setup, owner, { bytes: await makers.jpeg() });
    await expectError(await get(setup, null, image.url), 401, NOT_LOGGED_IN);
    await expectError(await get(setup, null, image.thumbnailUrl), 401, NOT_LOGGED_IN);
    await expectError(
      await upload(setup, null, { bytes: await makers.jpeg() }),
      401,
      NOT_LOGGED_IN,
    );

    const guest = setup.browser({ address: '203.0.113.40' });
    await guest.loginOk();
    await guest.register('Grace');
    await expectError(await get(setup, guest, image.url), 404, IMAGE_NOT_FOUND);
    await expectError(await get(setup, guest, image.thumbnailUrl), 404, IMAGE_NOT_FOUND);
    expect(
      ((await (await get(setup, guest, '/api/images')).json()) as { images: unknown[] }).images,
    ).toEqual([]);

    const mine = await get(setup, owner, image.url);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe(KEPT_IMAGE_CACHE);
    const list = (await (await get(setup, owner, '/api/images')).json()) as {
      images: { id: string }[];
    };
    expect(list.images.map((i) => i.id)).toEqual([image.id]);
  });

  it('answers 304 to a browser that already holds it', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const { image } = await uploadOk(setup, owner, { bytes: await makers.png() });
    const first = await get(setup, owner, image.url);
    const etag = first.headers.get('etag')!;
    const again = await setup.app.request(
      `http://localhost${image.url}`,
      { headers: { cookie: cookieOf(owner), 'if-none-match': etag } },
      { incoming: { socket: { remoteAddress: '203.0.113.10' } } } as never,
    );
    expect(again.status).toBe(304);
  });

  it('keeps a path-like file name out of every path: the files have generated names inside uploads/', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const before = await readdir(setup.dataDir);
    const { image } = await uploadOk(setup, owner, {
      bytes: await makers.jpeg(),
      name: '../../../auth.json',
    });
    await uploadOk(setup, owner, { bytes: await makers.png(), name: '/etc/passwd' });
    await uploadOk(setup, owner, { bytes: await makers.gif(), name: '..\\..\\evil.gif' });
    const files = await uploadedFiles(setup.dataDir);
    expect(files).toHaveLength(6);
    for (const file of files) {
      expect(file).toMatch(/^[0-9a-f-]{36}\.(jpg|png|gif|thumb\.webp)$/);
    }
    // Nothing new beside uploads/ but the stores' own files.
    const after = (await readdir(setup.dataDir)).filter((name) => !before.includes(name));
    expect(
      after.filter(
        (name) =>
          !/^(uploads|images\.json.*|conversations\.json.*|memory\.json.*|lattice.*|snapshots)$/.test(
            name,
          ),
      ),
    ).toEqual([]);
    expect(JSON.stringify(image)).not.toMatch(/auth\.json/);
    // An id that is a path is no photo.
    for (const path of [
      '/api/images/..%2Fauth.json',
      '/api/images/..%2F..%2Fauth.json/thumbnail',
    ]) {
      const response = await get(setup, owner, path);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toMatch(/scrypt|sessions/);
    }
  });
});

describe('cleaning: metadata stripped, orientation kept, the time taken read first', () => {
  it('removes the EXIF location (and every metadata block) and keeps the photo upright', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const original = await phoneJpeg();
    // The fixture does carry a location and a time, as a phone's would.
    const before = exifReader((await sharp(original).metadata()).exif!);
    expect(before.GPSInfo?.GPSLatitude).toEqual([31, 13, 36]);

    const { image } = await uploadOk(setup, owner, { bytes: original });
    expect(image.takenAt).toBe('2026-01-15T07:42:10');
    // Orientation 6: the 120×80 sensor image is shown 80 wide, 120 tall.
    expect([image.width, image.height]).toEqual([80, 120]);
    expect(image.kiriResponse).toMatch(/taken this morning/);

    const stored = await readFile(join(setup.dataDir, 'uploads', `${image.id}.jpg`));
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([80, 120]);
    // No trace of the GPS tags or the camera in the bytes either.
    expect(stored.includes(Buffer.from('KiriTestCam'))).toBe(false);
    const thumb = await readFile(join(setup.dataDir, 'uploads', `${image.id}.thumb.webp`));
    expect((await sharp(thumb).metadata()).exif).toBeUndefined();
  });
});

describe('temporary photos (hideFromMemory)', () => {
  it('never become a memory and are deleted 24 hours after the upload; kept ones become memories', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const lattice = setup.app.services.lattice;
    const temporary = await uploadOk(setup, owner, {
      bytes: await makers.jpeg(),
      note: 'a secret view',
      hide: true,
    });
    expect(temporary.image.temporary).toBe(true);
    expect(temporary.image.expiresAt).toBe(setup.clock.now + TEMPORARY_RETENTION_MS);
    expect(temporary.image.kiriResponse).toMatch(/won't keep it/);
    expect(lattice.list('owner').some((node) => node.content.includes('secret'))).toBe(false);
    const cache = (await get(setup, owner, temporary.image.url)).headers.get('cache-control');
    expect(cache).toBe(`private, max-age=${TEMPORARY_RETENTION_MS / 1000}`);

    const kept = await uploadOk(setup, owner, { bytes: await makers.png(), note: 'the bridge' });
    expect(lattice.list('owner').some((node) => node.content.includes('the bridge'))).toBe(true);

    setup.clock.advance(TEMPORARY_RETENTION_MS - 1000);
    await setup.app.services.images.sweep();
    expect((await get(setup, owner, temporary.image.url)).status).toBe(200);

    setup.clock.advance(2000);
    await setup.app.services.images.sweep();
    await expectError(await get(setup, owner, temporary.image.url), 410, IMAGE_EXPIRED);
    const files = await uploadedFiles(setup.dataDir);
    expect(files.some((name) => name.startsWith(temporary.image.id))).toBe(false);
    expect(files.filter((name) => name.startsWith(kept.image.id))).toHaveLength(2);
  });
});
