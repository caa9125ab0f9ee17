// /api/personality: who may read and save, the 400s of spec 000 §3.4 that change nothing, the tone the
// server derives, a save that survives a restart, and the chat speaking with what was saved.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BASELINE_DIMENSIONS, PRESETS } from '../../src/domain/personality';
import { cleanUpChatApps, fakeCompanion, ownerChat, startChatApp } from './support/chat-harness';
import { expectError, type TestApp, type TestBrowser } from './support/harness';

afterEach(cleanUpChatApps);

interface PersonalityAnswer {
  success: true;
  current: Record<string, number>;
  baseline: Record<string, number>;
  currentTone: string;
  canAdjust: boolean;
}

async function current(browser: TestBrowser): Promise<PersonalityAnswer> {
  const response = await browser.request('/api/personality/current');
  expect(response.status).toBe(200);
  return (await response.json()) as PersonalityAnswer;
}

const personalityFile = (setup: TestApp) =>
  readFile(join(setup.dataDir, 'personality.json'), 'utf8').catch(() => '(none)');

describe('GET /api/personality/current', () => {
  it("answers Kiri's baseline before any save, with its derived tone", async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    expect(await current(owner)).toEqual({
      success: true,
      current: { ...BASELINE_DIMENSIONS },
      baseline: { ...BASELINE_DIMENSIONS },
      currentTone: 'balanced',
      updatedAt: null,
      canAdjust: true,
    });
  });
});

describe('POST /api/personality/adjust', () => {
  it('saves the five dimensions and answers them with the tone the spec rule derives', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    const response = await owner.post('/api/personality/adjust', {
      dimensions: PRESETS.gentle,
      tone: 'gentle',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      success: true,
      current: PRESETS.gentle,
      baseline: BASELINE_DIMENSIONS,
      currentTone: 'gentle',
    });
    expect((await current(owner)).current).toEqual(PRESETS.gentle);
  });

  it('stores the derived tone, not the name a client sends with it', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    // The spec's casual preset reads as balanced under its own rule (humor 0.6 is not above 0.6).
    await owner.post('/api/personality/adjust', { dimensions: PRESETS.casual, tone: 'casual' });
    expect((await current(owner)).currentTone).toBe('balanced');
    const casual = { ...PRESETS.casual, humor_level: 0.65 };
    await owner.post('/api/personality/adjust', { dimensions: casual, tone: 'balanced' });
    expect((await current(owner)).currentTone).toBe('casual');
  });

  const BAD_BODIES: [string, unknown, RegExp][] = [
    [
      'a value above 1',
      { ...PRESETS.direct, softness: 1.05 },
      /softness must be a number from 0 to 1/,
    ],
    ['a value below 0', { ...PRESETS.direct, formality: -0.1 }, /formality must be/],
    [
      'a value that is not a number',
      { ...PRESETS.direct, initiative: '0.5' },
      /initiative must be/,
    ],
    [
      'a missing dimension',
      { ...PRESETS.direct, humor_level: undefined },
      /Missing dimension: humor_level/,
    ],
    ['an unknown dimension', { ...PRESETS.direct, warmth: 0.5 }, /Unknown dimension: warmth/],
    ['no dimensions at all', undefined, /dimensions must be an object/],
    ['a list', [0.5, 0.5, 0.5, 0.5, 0.5], /dimensions must be an object/],
  ];
  for (const [what, dimensions, message] of BAD_BODIES) {
    it(`refuses ${what} with a 400 and changes nothing`, async () => {
      const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
      await owner.post('/api/personality/adjust', { dimensions: PRESETS.professional });
      const before = await personalityFile(setup);
      const response = await owner.post('/api/personality/adjust', { dimensions, tone: 'direct' });
      const body = await expectError(response, 400);
      expect(body.message).toMatch(message);
      expect(await personalityFile(setup)).toBe(before);
      expect((await current(owner)).current).toEqual(PRESETS.professional);
    });
  }

  it('refuses an unknown tone name and malformed JSON, and changes nothing', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const before = await personalityFile(setup);
    await expectError(
      await owner.post('/api/personality/adjust', { dimensions: PRESETS.direct, tone: 'grumpy' }),
      400,
    );
    await expectError(
      await owner.request('/api/personality/adjust', {
        method: 'POST',
        body: '{"dimensions":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
    );
    expect(await personalityFile(setup)).toBe(before);
  });
});

describe('who may read and save', () => {
  it('401 without a session; a plain user reads it but may not save it; a promoted admin may', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const stranger = setup.browser();
    await expectError(await stranger.request('/api/personality/current'), 401);
    await expectError(
      await stranger.post('/api/personality/adjust', { dimensions: PRESETS.direct }),
      401,
    );

    // Another device without pairing is a plain user (chat and screen settings).
    const guest = setup.browser({ address: '203.0.113.7' });
    const guestId = (await guest.loginOk()).user.id;
    expect(await current(guest)).toMatchObject({ canAdjust: false, currentTone: 'balanced' });
    const before = await personalityFile(setup);
    const refused = await expectError(
      await guest.post('/api/personality/adjust', { dimensions: PRESETS.direct }),
      403,
    );
    expect(refused.message).toBe('You do not have access to this feature');
    expect(await personalityFile(setup)).toBe(before);

    await owner.post(`/api/admin/users/${guestId}/promote`);
    expect((await current(guest)).canAdjust).toBe(true);
    const saved = await guest.post('/api/personality/adjust', { dimensions: PRESETS.gentle });
    expect(saved.status).toBe(200);
    // One personality: what the admin saved is what the owner reads.
    expect((await current(owner)).current).toEqual(PRESETS.gentle);
  });
});

describe('persistence', () => {
  it('keeps a save across a restart on the same DATA_DIR', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const tuned = {
      softness: 0.55,
      logic_bias: 0.75,
      humor_level: 0.1,
      formality: 0.9,
      initiative: 0.2,
    };
    await owner.post('/api/personality/adjust', { dimensions: tuned, tone: 'professional' });
    await setup.app.persistState();

    const again = await startChatApp({ dataDir: setup.dataDir, companion: fakeCompanion() });
    const ownerAgain = again.browser();
    owner.cloneCookiesInto(ownerAgain);
    expect(await current(ownerAgain)).toMatchObject({
      current: tuned,
      baseline: BASELINE_DIMENSIONS,
      currentTone: 'professional',
    });
  });
});

describe('the chat speaks with the saved personality', () => {
  it('passes the current dimensions to the engine for the very next reply', async () => {
    const companion = fakeCompanion();
    const { owner } = await ownerChat({ companion });
    await owner.post('/api/chat', { message: 'hello', history: [] });
    expect(companion.calls.at(-1)?.personality).toEqual(BASELINE_DIMENSIONS);
    await owner.post('/api/personality/adjust', { dimensions: PRESETS.direct });
    await owner.post('/api/chat', { message: 'how was your day', history: [] });
    expect(companion.calls.at(-1)?.personality).toEqual(PRESETS.direct);
  });
});
