// The core systems dashboard's calls (spec 001 §7): every module answers from the real subsystem it
// shows, values follow what happens (a chat exchange, a failed login, a replayed request, sleep), Test
// Pulse runs a real scan and counts a cycle, Initiate Emergence anchors the stage as a memory once.
import { afterEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/domain/uuidv7';
import {
  CORE_MODULES,
  INITIATE_EMERGENCE_PATH,
  TEST_PULSE_PATH,
} from '../../src/domain/core-systems';
import {
  EMERGENCE_IN_DEEP_PAUSE,
  PULSE_HALTED,
} from '../../server/core-systems/core-systems-service';
import { closeStores } from '../../server/store/stores';
import {
  cleanUpChatApps,
  fakeCompanion,
  keyHeader,
  ownerChat,
  startChatApp,
} from './support/chat-harness';
import { expectError, type TestBrowser } from './support/harness';

afterEach(cleanUpChatApps);

// Answers of twenty shapes, read field by field as JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

async function read(browser: TestBrowser, path: string): Promise<Json> {
  const response = await browser.request(path);
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as Json;
}

const pathOf = (id: string) => CORE_MODULES.find((module) => module.id === id)!.path;

describe('every module', () => {
  it('answers the owner with its fields, and refuses without a session', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    expect(CORE_MODULES).toHaveLength(20);
    const answers: Json = Object.fromEntries(
      await Promise.all(
        CORE_MODULES.map(async (module) => [module.id, await read(owner, module.path)] as const),
      ),
    );
    expect(answers.hybrid).toMatchObject({ activeNode: 'fake', totalNodes: 5 });
    expect(answers.selfEvolve).toMatchObject({
      status: 'active',
      evolutionCycles: 0,
      healthScore: null,
    });
    expect(answers.emergence).toMatchObject({
      coreIdentity: { mode: 'emergent', stageName: 'Awakening' },
      currentStage: 1,
      totalStages: 6,
    });
    expect(answers.emergence.consciousnessLevel).toBeGreaterThan(0);
    expect(answers.memoryShard).toMatchObject({ totalShards: 0, integrity: 'sound' });
    expect(answers.hushConfig).toMatchObject({
      quietHours: { start: '01:00', end: '07:00' },
      timeZone: setup.config.timeZone,
    });
    expect(answers.hushAgent.seeds).toBe(answers.hushConfig.seeds);
    expect(answers.guardianShield).toMatchObject({ status: 'watching', lockedNow: 0 });
    expect(answers.dreamTrigger).toMatchObject({ status: 'awake', dreamsRecorded: 0 });
    expect(answers.lumora).toMatchObject({ lit: true, powerState: 'awake' });
    expect(answers.soulFrame.tone).toEqual(expect.any(String));
    expect(answers.slipstreamHealth).toMatchObject({ status: 'healthy', conflictsRefused: 0 });

    const stranger = setup.browser({ address: '203.0.113.77' });
    for (const module of CORE_MODULES) await expectError(await stranger.request(module.path), 401);
  });
});

describe('values that follow the conversation', () => {
  it('a chat exchange grows the messages, the thought map and the whispers', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    const before = await read(owner, pathOf('emergence'));
    expect(before.history.ownerMessages).toBe(0);
    expect((await read(owner, pathOf('whisperBubble'))).active).toBe(false);

    await owner.post('/api/chat', {
      message: 'I love hiking in the mountains with my sister',
      history: [],
    });
    await owner.post('/api/chat', {
      message: 'The mountains were beautiful this weekend',
      history: [],
    });

    const after = await read(owner, pathOf('emergence'));
    expect(after.history.ownerMessages).toBe(2);
    const mindmap = await read(owner, pathOf('mindmap'));
    expect(mindmap.messagesRead).toBe(2);
    expect(mindmap.focus.map((f: Json) => f.term)).toContain('mountains');
    const whispers = await read(owner, pathOf('whisperBubble'));
    expect(whispers.active).toBe(true);
    expect(whispers.whispers).toContain('mountains');
    expect((await read(owner, pathOf('emotionSync'))).messagesRead).toBe(2);
  });

  it('slipstream counts a replay and a refused reuse of a key', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const key = uuidv7(setup.clock.now);
    const body = { message: 'hello there', history: [] };
    expect((await owner.post('/api/chat', body, keyHeader(key))).status).toBe(200);
    expect((await owner.post('/api/chat', body, keyHeader(key))).status).toBe(200);
    expect(
      (await owner.post('/api/chat', { ...body, message: 'other' }, keyHeader(key))).status,
    ).toBe(422);
    expect(await read(owner, pathOf('slipstreamHealth'))).toMatchObject({
      recordsHeld: 1,
      replaysAnswered: 1,
      conflictsRefused: 1,
      inFlight: 0,
    });
  });

  it('guardian shield counts failed logins and the refusals of a locked address', async () => {
    const { setup, owner } = await ownerChat({
      companion: fakeCompanion(),
      throttleLimits: {
        perAddress: 2,
        windowMs: 60_000,
        firstLockMs: 60_000,
        maxLockMs: 60 * 60_000,
        forgiveAfterMs: 24 * 60 * 60_000,
        global: 50,
        knownPassGlobal: true,
        knownForMs: 30 * 24 * 60 * 60_000,
        maxTrackedAddresses: 100,
      },
    });
    const guesser = setup.browser({ address: '198.51.100.9' });
    expect((await guesser.login('wrong-code-1')).status).toBe(401);
    expect((await guesser.login('wrong-code-2')).status).toBe(401);
    expect((await guesser.login('wrong-code-3')).status).toBe(429);
    expect(await read(owner, pathOf('guardianShield'))).toMatchObject({
      status: 'defending',
      failedAttempts: 2,
      refusedAttempts: 1,
      lockedNow: 1,
    });
  });

  it('sleep arms the dream trigger; a voice wake lights lumora again', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    expect((await owner.post('/api/sleep-mode/enable')).status).toBe(200);
    expect((await read(owner, pathOf('dreamTrigger'))).status).toBe('armed');
    expect((await read(owner, pathOf('lumora'))).lit).toBe(false);
    expect(await read(owner, pathOf('hushAgent'))).toMatchObject({
      status: 'hushing',
      powerState: 'sleeping',
    });
    expect((await owner.post('/api/sleep-mode/voice-wake', { command: 'lumora' })).status).toBe(
      200,
    );
    expect(await read(owner, pathOf('lumora'))).toMatchObject({
      lit: true,
      lastWokenBy: 'voice-wake',
      voiceWakes: 1,
    });
  });

  it('the quiet hours hold the nudge and the thoughts at 03:00 in TIME_ZONE', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    // 19:00 UTC is 03:00 in Asia/Shanghai, the tests' zone.
    setup.clock.now = Date.UTC(2026, 0, 15, 19, 0, 0);
    expect(setup.config.timeZone).toBe('Asia/Shanghai');
    const hush = await read(owner, pathOf('hushAgent'));
    expect(hush).toMatchObject({ status: 'hushing', quietHoursNow: true, localHour: 3 });
    expect(hush.held).toEqual(['nudge', 'thought']);
  });
});

describe('Test Pulse', () => {
  it('runs the integrity scan and counts a cycle the self-evolve card then shows, across a restart', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    setup.clock.advance(1000);
    const response = await owner.post(TEST_PULSE_PATH, {});
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Json;
    expect(answer.message).toMatch(/^Pulse complete: cycle 1, all \d+ files sound$/);
    const card = await read(owner, pathOf('selfEvolve'));
    expect(card).toMatchObject({
      evolutionCycles: 1,
      healthScore: 100,
      lastCycleAt: new Date(setup.clock.now).toISOString(),
      lastScan: new Date(setup.clock.now).toISOString(),
      lastScanTrigger: 'manual',
    });
    expect(card.filesChecked).toBeGreaterThan(3);
    expect((await owner.post(TEST_PULSE_PATH, {})).status).toBe(200);
    expect((await read(owner, pathOf('selfEvolve'))).evolutionCycles).toBe(2);

    await closeStores(setup.stores);
    const again = await startChatApp({ dataDir: setup.dataDir, companion: fakeCompanion() });
    const browser = again.browser();
    await browser.loginOk();
    expect((await read(browser, pathOf('selfEvolve'))).evolutionCycles).toBe(2);
  });

  it('is refused while the maintenance monitor is halted, and by a user without system control', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const guest = setup.browser({ address: '203.0.113.40' });
    await guest.loginOk();
    await guest.register('Grace');
    await expectError(await guest.post(TEST_PULSE_PATH, {}), 403);
    expect((await owner.post('/api/devcore/emergency-halt')).status).toBe(200);
    await expectError(await owner.post(TEST_PULSE_PATH, {}), 409, PULSE_HALTED);
    expect((await read(owner, pathOf('selfEvolve'))).evolutionCycles).toBe(0);
  });
});

describe('Initiate Emergence', () => {
  it('anchors the stage as a memory once, which the emergence and memory cards then show', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    setup.clock.advance(60_000);
    const first = await owner.post(INITIATE_EMERGENCE_PATH, {});
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      recorded: true,
      message: 'Emergence moment recorded: Awakening (stage 1)',
    });
    const card = await read(owner, pathOf('emergence'));
    expect(card.lastMoment).toEqual({
      at: new Date(setup.clock.now).toISOString(),
      stage: 1,
      stageName: 'Awakening',
    });
    expect(card.momentsRecorded).toBe(1);
    // The moment is Kiri's own reflection: it does not count toward the stage it records.
    expect(card.history.memories).toBe(0);
    const shard = await read(owner, pathOf('memoryShard'));
    expect(shard).toMatchObject({ totalShards: 1, byType: { reflection: 1 } });
    const memories = setup.app.services.lattice.list('owner');
    expect(memories[0]!.content).toMatch(/^Emergence moment: our relationship reached Awakening/);

    const second = await owner.post(INITIATE_EMERGENCE_PATH, {});
    expect(await second.json()).toMatchObject({ recorded: false });
    expect((await read(owner, pathOf('memoryShard'))).totalShards).toBe(1);
  });

  it('is refused in deep pause, with the reason', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    expect((await owner.post('/api/sleep-mode/deep-pause')).status).toBe(200);
    await expectError(await owner.post(INITIATE_EMERGENCE_PATH, {}), 409, EMERGENCE_IN_DEEP_PAUSE);
    expect((await read(owner, pathOf('memoryShard'))).totalShards).toBe(0);
  });
});

describe('hybrid core', () => {
  it('fills the spec’s nodes from the configured providers and never counts an unconfigured one', async () => {
    const providers = [
      { name: 'gemini', baseUrl: 'http://127.0.0.1:9/v1', model: 'gemini-2.0-flash' },
      { name: 'house', baseUrl: 'http://127.0.0.1:9/v1', model: 'qwen2.5' },
    ];
    const setup = await startChatApp({ env: { LLM_PROVIDERS: JSON.stringify(providers) } });
    const owner = setup.browser();
    await owner.loginOk();
    const hybrid = await read(owner, pathOf('hybrid'));
    expect(hybrid.totalNodes).toBe(6);
    expect(hybrid.configuredNodes).toBe(3);
    expect(hybrid.availableNodes).toBe(3);
    const byName = Object.fromEntries(hybrid.nodes.map((node: Json) => [node.name, node]));
    expect(byName.Gemini).toMatchObject({ configured: true, provider: 'gemini', priority: 1 });
    expect(byName.house).toMatchObject({ configured: true, priority: 2 });
    expect(byName.local).toMatchObject({ configured: true, priority: 3 });
    for (const name of ['LLaMA', 'Mistral', 'OpenAI']) {
      expect(byName[name]).toMatchObject({ configured: false, available: false, provider: null });
    }
  });
});
