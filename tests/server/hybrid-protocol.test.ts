// The hybrid protocol's calls (issue 15 point 2, spec 001 §3, §7): each answer's shape and where its values
// come from (the provider chain, the configured feeds, the conversation, the memory lattice), and the
// settings form: validated, the administrator's only, and the emotional depth heard by the companion.
import { afterEach, describe, expect, it } from 'vitest';
import type { Companion, CompanionInput } from '../../server/companion';
import { OWNER_ACCOUNT } from '../../server/chat/account';
import type { HybridProtocolStatus } from '../../src/domain/hybrid-protocol';
import { cleanUpChatApps, fakeCompanion, ownerChat } from './support/chat-harness';
import { ADMIN_REQUIRED } from '../../server/auth/guards';
import { expectError, type TestBrowser } from './support/harness';

afterEach(cleanUpChatApps);

async function statusOf(browser: TestBrowser): Promise<HybridProtocolStatus> {
  const response = await browser.request('/api/hybrid-protocol-status');
  expect(response.status).toBe(200);
  return (await response.json()) as HybridProtocolStatus;
}

async function capabilitiesOf(browser: TestBrowser): Promise<Record<string, boolean>> {
  const response = await browser.request('/api/advanced-capabilities-status');
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, boolean>;
}

/** A chain of the given nodes (each ok or failing at its last try), answering like the fake engine. */
function chainOf(nodes: { name: string; ok: boolean | null }[]): Companion & {
  calls: CompanionInput[];
} {
  const base = fakeCompanion();
  return {
    calls: base.calls,
    reply: (input) => base.reply(input),
    health: () => ({
      chain: nodes.map((node) => ({
        ...node,
        lastUsedAt: null,
        lastError: null,
        lastLatencyMs: null,
        successes: 0,
        failures: 0,
      })),
      currentProvider: nodes[0]?.name ?? 'local',
    }),
  };
}

describe('GET /api/hybrid-protocol-status', () => {
  it('has the spec’s shape; a new Kiri is at Awakening and nothing is measured yet', async () => {
    const { owner } = await ownerChat({ companion: chainOf([{ name: 'local', ok: null }]) });
    const status = await statusOf(owner);
    expect(status).toEqual({
      protocolVersion: '1.0',
      config: {
        encryptionEnabled: false,
        localFallbackEnabled: true,
        webAwarenessEnabled: false,
        consciousnessDevelopmentRate: 0.5,
        emotionalDepth: 0.5,
      },
      consciousnessLevel: 0.17,
      evolutionMetrics: {
        emotionalComplexityScore: null,
        conversationalAdaptation: null,
        culturalUnderstanding: null,
        // The registration's welcome is the newest entry of the log.
        lastEvolutionTimestamp: expect.any(Number) as number,
      },
    });
  });

  it('the bars follow the conversation, and the level follows days, messages and memories', async () => {
    const { setup, owner } = await ownerChat({ companion: chainOf([{ name: 'local', ok: null }]) });
    const before = await statusOf(owner);
    for (let n = 0; n < 10; n += 1) {
      setup.clock.advance(60_000);
      await owner.post('/api/chat', {
        message: `remember that I like thing number ${n}`,
        history: [],
      });
    }
    setup.clock.advance(2 * 24 * 60 * 60 * 1000);
    const after = await statusOf(owner);
    expect(after.evolutionMetrics.conversationalAdaptation).toBe(1);
    expect(after.evolutionMetrics.lastEvolutionTimestamp).toBeGreaterThan(
      before.evolutionMetrics.lastEvolutionTimestamp ?? 0,
    );
    // Ten messages, a day known, memories kept: Recognition reached (2 of 6 stages and more).
    expect(setup.app.services.lattice.list(OWNER_ACCOUNT).length).toBeGreaterThan(0);
    expect(after.consciousnessLevel).toBeGreaterThanOrEqual(2 / 6 - 0.005);
    expect(after.consciousnessLevel).toBeGreaterThan(before.consciousnessLevel);
  });

  it('web awareness is on only when a news or weather feed is configured', async () => {
    const feeds: { kind: string }[] = [];
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    expect((await statusOf(owner)).config.webAwarenessEnabled).toBe(false);
    const { owner: aware } = await ownerChat({
      companion: fakeCompanion(),
      feeds: { configuredFeeds: () => feeds },
    });
    feeds.push({ kind: 'cosmic' });
    expect((await statusOf(aware)).config.webAwarenessEnabled).toBe(false);
    feeds.push({ kind: 'weather' });
    expect((await statusOf(aware)).config.webAwarenessEnabled).toBe(true);
  });

  it("web awareness follows the consciousness stream's settings: a news feed saved there turns it on", async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    expect((await statusOf(owner)).config.webAwarenessEnabled).toBe(false);
    const saved = await owner.request('/api/consciousness/config', {
      method: 'PUT',
      json: {
        place: null,
        country: null,
        weather: false,
        feeds: [{ url: 'http://127.0.0.1:9/news.xml', kind: 'news' }],
        updateIntervalMs: 60 * 60 * 1000,
      },
    });
    expect(saved.status).toBe(200);
    expect((await statusOf(owner)).config.webAwarenessEnabled).toBe(true);
  });

  it('local fallback is on only when the local engine is a node of the chain', async () => {
    const { owner } = await ownerChat({ companion: chainOf([{ name: 'openai', ok: true }]) });
    expect((await statusOf(owner)).config.localFallbackEnabled).toBe(false);
  });
});

describe('GET /api/advanced-capabilities-status', () => {
  it('the local engine alone: analysis only', async () => {
    const { owner } = await ownerChat({ companion: chainOf([{ name: 'local', ok: null }]) });
    expect(await capabilitiesOf(owner)).toEqual({
      imageGeneration: false,
      essayWriting: false,
      codeGeneration: false,
      analysis: true,
      creativeWriting: false,
      translation: false,
    });
  });

  it('a configured model that answers writes essays, code, stories and translations; never images', async () => {
    const nodes = [
      { name: 'openai', ok: true as boolean | null },
      { name: 'local', ok: null },
    ];
    const { owner } = await ownerChat({ companion: chainOf(nodes) });
    expect(await capabilitiesOf(owner)).toEqual({
      imageGeneration: false,
      essayWriting: true,
      codeGeneration: true,
      analysis: true,
      creativeWriting: true,
      translation: true,
    });
    // Its last try failed: on standby until it answers again.
    nodes[0]!.ok = false;
    expect((await capabilitiesOf(owner)).codeGeneration).toBe(false);
  });
});

describe('POST /api/hybrid-protocol-config', () => {
  it('saves the settings and answers the new status', async () => {
    const { owner, setup } = await ownerChat({ companion: fakeCompanion() });
    const response = await owner.post('/api/hybrid-protocol-config', {
      consciousnessDevelopmentRate: 0.25,
      emotionalDepth: 0.9,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: true; status: HybridProtocolStatus };
    expect(body.success).toBe(true);
    expect(body.status.config).toMatchObject({
      consciousnessDevelopmentRate: 0.25,
      emotionalDepth: 0.9,
    });
    expect((await statusOf(owner)).config.emotionalDepth).toBe(0.9);
    expect(setup.stores.hybrid.data).toMatchObject({ emotionalDepth: 0.9, changedBy: 'Mei' });
  });

  it('refuses values out of range, wrong types, derived settings, unknown keys and an empty body', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    const range = /emotionalDepth must be a number from 0 to 1/;
    await expectError(
      await owner.post('/api/hybrid-protocol-config', { emotionalDepth: 1.5 }),
      400,
      range,
    );
    await expectError(
      await owner.post('/api/hybrid-protocol-config', { emotionalDepth: -0.1 }),
      400,
      range,
    );
    await expectError(
      await owner.post('/api/hybrid-protocol-config', { consciousnessDevelopmentRate: 'fast' }),
      400,
      /consciousnessDevelopmentRate must be a number from 0 to 1/,
    );
    await expectError(
      await owner.post('/api/hybrid-protocol-config', { encryptionEnabled: 'yes' }),
      400,
      /encryptionEnabled must be true or false/,
    );
    await expectError(
      await owner.post('/api/hybrid-protocol-config', { localFallbackEnabled: false }),
      400,
      /localFallbackEnabled is read from the provider chain and cannot be set/,
    );
    await expectError(
      await owner.post('/api/hybrid-protocol-config', { turbo: true }),
      400,
      /turbo is not a setting of the hybrid protocol/,
    );
    await expectError(
      await owner.post('/api/hybrid-protocol-config', {}),
      400,
      /Send at least one of encryptionEnabled, consciousnessDevelopmentRate, emotionalDepth/,
    );
    expect((await statusOf(owner)).config.emotionalDepth).toBe(0.5);
  });

  it('is the administrator’s: a user is refused, and nothing changes', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const guest = setup.browser({ address: '203.0.113.7' });
    await guest.loginOk();
    await guest.register('Grace');
    await expectError(
      await guest.post('/api/hybrid-protocol-config', { emotionalDepth: 1 }),
      403,
      ADMIN_REQUIRED,
    );
    const anonymous = setup.browser({ address: '203.0.113.8' });
    await expectError(
      await anonymous.post('/api/hybrid-protocol-config', { emotionalDepth: 1 }),
      401,
    );
    expect((await statusOf(owner)).config.emotionalDepth).toBe(0.5);
  });

  it('the emotional depth changes how strongly the companion hears the mood', async () => {
    const companion = chainOf([{ name: 'local', ok: null }]);
    const { owner } = await ownerChat({ companion });
    await owner.post('/api/chat', { message: 'I am so happy today!', history: [] });
    const heard = companion.calls.at(-1)!.mood!.intensity;
    await owner.post('/api/hybrid-protocol-config', { emotionalDepth: 0 });
    await owner.post('/api/chat', { message: 'I am so happy today!', history: [] });
    expect(companion.calls.at(-1)!.mood!.intensity).toBe(0);
    await owner.post('/api/hybrid-protocol-config', { emotionalDepth: 1 });
    await owner.post('/api/chat', { message: 'I am so happy today!', history: [] });
    expect(companion.calls.at(-1)!.mood!.intensity).toBeGreaterThan(heard);
  });
});
