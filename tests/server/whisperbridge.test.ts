// /api/whisperbridge-lite (spec 001 §2 "Tone-sync tool", issue 16 point 1): sync quality of identical
// versus opposite lines, the mirror prompt built from the entries, validation that writes nothing,
// settings that survive a restart, a plain user's 403 on every write, and the real effect: with
// tone_mirroring on, the provider's prompt holds the operator's pair; off, it does not.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCompanion } from '../../server/companion';
import { closeStores } from '../../server/store/stores';
import { cleanUpChatApps, fakeCompanion, ownerChat, startChatApp } from './support/chat-harness';
import { ANDROID_UA, expectError, type TestBrowser } from './support/harness';

afterEach(cleanUpChatApps);

const BASE = '/api/whisperbridge-lite';

interface Entry {
  id: string;
  gpt_line: string;
  gemini_mirror: string;
  emotion_tone: string;
  sync_quality: number;
  timestamp: string;
}

async function add(
  browser: TestBrowser,
  gpt_line: string,
  gemini_mirror: string,
  emotion_tone: string,
) {
  const response = await browser.post(`${BASE}/add-sync`, {
    gpt_line,
    gemini_mirror,
    emotion_tone,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { entry: Entry }).entry;
}

async function status(browser: TestBrowser) {
  const response = await browser.request(`${BASE}/status`);
  expect(response.status).toBe(200);
  return (await response.json()) as {
    config: Record<string, unknown>;
    stats: {
      recent_quality: number | null;
      total_sync_entries: number;
      average_quality: number | null;
    };
  };
}

const putConfig = (browser: TestBrowser, patch: unknown) =>
  browser.request(`${BASE}/config`, { method: 'PUT', json: patch });

const storeFile = (dataDir: string) =>
  Promise.all(
    ['whisperbridge.json', 'whisperbridge.json.journal'].map((name) =>
      readFile(join(dataDir, name), 'utf8').catch(() => '(none)'),
    ),
  ).then((parts) => parts.join('\n---\n'));

describe('sync quality', () => {
  it('scores identical lines high and opposite feelings low', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    const line = 'I am so happy to see you today, this is wonderful!';
    const same = await add(owner, line, line, 'playful');
    const opposite = await add(
      owner,
      line,
      'I am so sad to see you today, this is awful and hopeless.',
      'playful',
    );
    expect(same.sync_quality).toBeGreaterThanOrEqual(95);
    expect(opposite.sync_quality).toBeLessThan(60);
    expect(same.sync_quality - opposite.sync_quality).toBeGreaterThan(40);
  });

  it('counts recent quality over the last 10 entries and the average over all', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    expect((await status(owner)).stats).toEqual({
      recent_quality: null,
      total_sync_entries: 0,
      average_quality: null,
    });
    const low = await add(
      owner,
      'What a lovely, happy day!',
      'This is a terrible, awful day.',
      'neutral',
    );
    const scores = [low.sync_quality];
    for (let i = 0; i < 10; i += 1) {
      const line = `Good morning, I hope your day ${i} is bright and kind.`;
      scores.push((await add(owner, line, line, 'gentle')).sync_quality);
    }
    const mean = (values: number[]) =>
      Math.round((values.reduce((sum, v) => sum + v, 0) / values.length) * 10) / 10;
    const { stats } = await status(owner);
    expect(stats.total_sync_entries).toBe(11);
    expect(stats.recent_quality).toBe(mean(scores.slice(1)));
    expect(stats.average_quality).toBe(mean(scores));
    expect(stats.recent_quality).toBeGreaterThan(stats.average_quality!);
  });
});

describe('entries and the mirror prompt', () => {
  it('answers the history newest first with both lines, tone, quality and time', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    await add(owner, '  First line  ', ' First mirror ', 'soft');
    await add(owner, 'Second line', 'Second mirror', 'caring');
    const response = await owner.request(`${BASE}/sync-entries`);
    const { entries } = (await response.json()) as { entries: Entry[] };
    expect(entries.map((e) => [e.gpt_line, e.gemini_mirror, e.emotion_tone])).toEqual([
      ['Second line', 'Second mirror', 'caring'],
      ['First line', 'First mirror', 'soft'],
    ]);
    expect(new Date(entries[0]!.timestamp).toISOString()).toBe(entries[0]!.timestamp);
    expect(entries[0]).not.toHaveProperty('addedBy');
  });

  it('builds a few-shot prompt from the best entries, the matching tone first', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    await add(
      owner,
      'The report is due on Friday.',
      'The report is due on Friday, okay.',
      'neutral',
    );
    await add(
      owner,
      'I love this so much, you are amazing!',
      'You are amazing, I love it so much!',
      'playful',
    );
    const response = await owner.post(`${BASE}/mirror-prompt`, {
      gpt_input: '  This is the best news ever, I am thrilled!  ',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { prompt: string; examples_used: number; tone: string };
    expect(body.examples_used).toBe(2);
    expect(body.prompt).toContain('Gemini: You are amazing, I love it so much!');
    expect(body.prompt).toContain('Gemini: The report is due on Friday, okay.');
    // The playful pair fits the input's feeling, so it is shown before the neutral one.
    expect(body.prompt.indexOf('You are amazing')).toBeLessThan(
      body.prompt.indexOf('due on Friday, okay'),
    );
    expect(body.prompt).toMatch(/GPT: This is the best news ever, I am thrilled!\nGemini:$/);
  });

  it('serves the guide as sections of text', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    const response = await owner.request(`${BASE}/guide`);
    const { guide } = (await response.json()) as {
      guide: { title: string; sections: { heading: string; paragraphs: string[] }[] };
    };
    expect(guide.sections.map((s) => s.heading)).toEqual([
      'What it is for',
      'Adding good pairs',
      'The tone mirror',
      'Settings',
    ]);
    expect(guide.sections[1]!.paragraphs.join(' ')).toContain('80 or more');
  });
});

describe('validation', () => {
  it('refuses empty lines, an unknown tone and empty mirror input, and writes nothing', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await add(owner, 'Hello there', 'Hi there', 'neutral');
    await setup.app.persistState();
    const before = await storeFile(setup.dataDir);
    await expectError(
      await owner.post(`${BASE}/add-sync`, {
        gpt_line: '   ',
        gemini_mirror: 'x',
        emotion_tone: 'soft',
      }),
      400,
      'gpt_line: GPT line is required',
    );
    await expectError(
      await owner.post(`${BASE}/add-sync`, {
        gpt_line: 'x',
        gemini_mirror: '',
        emotion_tone: 'soft',
      }),
      400,
      'gemini_mirror: Gemini mirror is required',
    );
    await expectError(
      await owner.post(`${BASE}/add-sync`, {
        gpt_line: 'x',
        gemini_mirror: 'y',
        emotion_tone: 'angry',
      }),
      400,
      /emotion_tone: must be one of neutral, gentle, playful, caring, dreamy, soft/,
    );
    await expectError(await owner.post(`${BASE}/mirror-prompt`, { gpt_input: ' \n ' }), 400);
    await expectError(await putConfig(owner, { sync_mode: 'sometimes' }), 400);
    await expectError(await putConfig(owner, { enabled: 'yes' }), 400);
    await expectError(await putConfig(owner, { colour: 'red' }), 400);
    await expectError(await putConfig(owner, {}), 400);
    await setup.app.persistState();
    expect(await storeFile(setup.dataDir)).toBe(before);
    expect((await status(owner)).stats.total_sync_entries).toBe(1);
  });

  it('takes no pair while training mode is off or the tool is disabled', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    expect((await putConfig(owner, { training_mode: false })).status).toBe(200);
    await expectError(
      await owner.post(`${BASE}/add-sync`, {
        gpt_line: 'a',
        gemini_mirror: 'b',
        emotion_tone: 'soft',
      }),
      409,
      'Training mode is off: turn it on in Settings to add sync entries',
    );
    await putConfig(owner, { training_mode: true, enabled: false });
    await expectError(
      await owner.post(`${BASE}/add-sync`, {
        gpt_line: 'a',
        gemini_mirror: 'b',
        emotion_tone: 'soft',
      }),
      409,
      /disabled/,
    );
  });
});

describe('settings', () => {
  it('saves any subset and keeps it across a restart on the same DATA_DIR', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    expect((await status(owner)).config).toEqual({
      enabled: true,
      training_mode: true,
      tone_mirroring: false,
      emotion_sync: false,
      sync_mode: 'manual',
      primary_device: 'gpt',
    });
    const response = await putConfig(owner, { tone_mirroring: true, primary_device: 'gemini' });
    expect(response.status).toBe(200);
    await putConfig(owner, { sync_mode: 'observation' });
    await add(owner, 'Sleep well tonight.', 'Sleep softly tonight.', 'soft');
    await setup.app.persistState();
    await closeStores(setup.stores);

    const again = await startChatApp({ dataDir: setup.dataDir, companion: fakeCompanion() });
    const ownerAgain = again.browser();
    owner.cloneCookiesInto(ownerAgain);
    const after = await status(ownerAgain);
    expect(after.config).toMatchObject({
      enabled: true,
      tone_mirroring: true,
      primary_device: 'gemini',
      sync_mode: 'observation',
    });
    expect(after.stats.total_sync_entries).toBe(1);
  });
});

describe('permissions', () => {
  it("lets a user granted mirror_bridge read, and answers 403 to each of a plain user's writes", async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await add(owner, 'Hello', 'Hi', 'neutral');
    const guest = setup.browser({ userAgent: ANDROID_UA, address: '203.0.113.40' });
    const guestId = (await guest.loginOk()).user.id;
    await guest.register('Grace');
    // Restriction mode gives a new user chat and screen settings: reading needs mirror_bridge.
    await expectError(await guest.request(`${BASE}/status`), 403);
    await setup.stores.auth.update((data) => {
      data.users.find((user) => user.id === guestId)!.permissions = ['chat', 'mirror_bridge'];
    });
    expect((await guest.request(`${BASE}/status`)).status).toBe(200);
    expect((await guest.request(`${BASE}/sync-entries`)).status).toBe(200);
    const writes = [
      guest.post(`${BASE}/add-sync`, { gpt_line: 'a', gemini_mirror: 'b', emotion_tone: 'soft' }),
      guest.post(`${BASE}/mirror-prompt`, { gpt_input: 'hello' }),
      putConfig(guest, { enabled: false }),
    ];
    for (const response of await Promise.all(writes)) await expectError(response, 403);
    expect((await status(owner)).config.enabled).toBe(true);
    expect((await status(owner)).stats.total_sync_entries).toBe(1);
  });
});

describe("Kiri's replies", () => {
  async function fakeProvider() {
    const systems: string[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          messages: { role: string; content: string }[];
        };
        systems.push(body.messages[0]!.content);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            choices: [{ index: 0, message: { role: 'assistant', content: 'Hi there!' } }],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const close = () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    return { url: `http://127.0.0.1:${port}/v1`, systems, close };
  }

  it("puts the operator's pair into the provider prompt only while tone_mirroring is on", async () => {
    const provider = await fakeProvider();
    try {
      const companion = createCompanion({
        providers: [{ name: 'fake', baseUrl: provider.url, model: 'm', timeoutMs: 5_000 }],
      });
      const { owner } = await ownerChat({ companion });
      const mirror = 'Oh, that makes my whole evening brighter, tell me everything!';
      await add(owner, 'That is such lovely news!', mirror, 'playful');

      await owner.post('/api/chat', { message: 'I got the job today!', history: [] });
      expect(provider.systems.at(-1)).not.toContain(mirror);
      expect(
        (await owner.request('/api/companion/context').then((r) => r.json())) as object,
      ).not.toHaveProperty('toneStyle');

      await putConfig(owner, { tone_mirroring: true });
      await owner.post('/api/chat', { message: 'I got the job today!', history: [] });
      expect(provider.systems.at(-1)).toContain(`"${mirror}"`);
      const context = (await owner.request('/api/companion/context').then((r) => r.json())) as {
        toneStyle?: { examples: { gemini_mirror: string }[] };
      };
      expect(context.toneStyle?.examples.map((e) => e.gemini_mirror)).toEqual([mirror]);

      // Enabled off switches the whole tool off, tone_mirroring or not.
      await putConfig(owner, { enabled: false });
      await owner.post('/api/chat', { message: 'I got the job today!', history: [] });
      expect(provider.systems.at(-1)).not.toContain(mirror);
      expect(provider.systems).toHaveLength(3);
    } finally {
      await provider.close();
    }
  });
});
