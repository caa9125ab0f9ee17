// GET /api/companion/context (issue 12): the device's copy of what the engine needs to answer offline,
// read for the caller's account as a chat request would read it now.
import { afterEach, describe, expect, it } from 'vitest';
import { PRESETS } from '../../src/domain/personality';
import { uuidv7 } from '../../src/domain/uuidv7';
import { MAX_CONTEXT_MEMORIES, type EngineContext } from '../../src/engine/companion/types';
import { expectError } from './support/harness';
import {
  cleanUpChatApps,
  fakeCompanion,
  keyHeader,
  ownerChat,
  startChatApp,
} from './support/chat-harness';

afterEach(cleanUpChatApps);

type ContextAnswer = EngineContext & { success: true };

async function contextOf(browser: {
  request(path: string): Promise<Response>;
}): Promise<{ response: Response; context: ContextAnswer }> {
  const response = await browser.request('/api/companion/context');
  expect(response.status).toBe(200);
  return { response, context: (await response.json()) as ContextAnswer };
}

describe('GET /api/companion/context', () => {
  it('401 without a session, 403 without the chat permission', async () => {
    const setup = await startChatApp({ companion: fakeCompanion() });
    const stranger = setup.browser();
    await expectError(await stranger.request('/api/companion/context'), 401, 'Not logged in');

    const owner = setup.browser();
    await owner.loginOk();
    await owner.post('/api/admin/user-restrictions', {
      restrictionMode: true,
      defaultPermissions: ['screen_settings'],
    });
    const guest = setup.browser({ address: '203.0.113.99' });
    await guest.loginOk();
    await expectError(await guest.request('/api/companion/context'), 403);
  });

  it('a new account: its name, the persona, the zone, the personality, the mood, nothing remembered or said', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const { response, context } = await contextOf(owner);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const personality = (await (await owner.request('/api/personality/current')).json()) as {
      current: unknown;
    };
    const mood = (await (await owner.request('/api/kiri/state')).json()) as {
      mode: string;
      intensity: number;
    };
    expect(context).toEqual({
      success: true,
      userName: 'Mei',
      personaName: setup.config.personaName,
      timeZone: setup.config.timeZone,
      personality: personality.current,
      mood: { mode: mood.mode, intensity: mood.intensity },
      memories: [],
      // The welcome written at registration is one of Kiri's replies.
      recentReplies: expect.any(Array),
    });
    expect(context.recentReplies.length).toBeLessThanOrEqual(1);
  });

  it('after some chat and a ‘remember that …’: the memories newest first, Kiri’s replies newest last, the personality saved', async () => {
    const companion = fakeCompanion();
    const { setup, owner } = await ownerChat({ companion });
    await owner.post('/api/personality/adjust', { dimensions: PRESETS.casual, tone: 'casual' });
    await owner.post('/api/chat', { message: 'remember that my cat is called Miso', history: [] });
    setup.clock.advance(60_000);
    await owner.post('/api/chat', { message: 'remember that I like oolong tea', history: [] });
    setup.clock.advance(60_000);
    // One answered on the device: its reply counts too, as one reply of its parts.
    const sentAt = setup.clock.now;
    setup.clock.advance(60_000);
    await owner.post(
      '/api/chat',
      {
        message: 'good night',
        history: [],
        clientTimestamp: sentAt,
        deviceReply: {
          kiriMessages: [
            { id: uuidv7(sentAt + 1_000), message: 'night night', timestamp: sentAt + 1_000 },
            { id: uuidv7(sentAt + 4_000), message: 'sleep well ~', timestamp: sentAt + 4_000 },
          ],
        },
      },
      keyHeader(uuidv7(sentAt)),
    );

    const { context } = await contextOf(owner);
    expect(context.personality).toEqual(PRESETS.casual);
    expect(context.memories.map((m) => m.content)).toEqual([
      'I like oolong tea',
      'my cat is called Miso',
    ]);
    expect(context.memories[0]).toMatchObject({ ownerOnly: false, timestamp: expect.any(Number) });
    expect(context.recentReplies.slice(-3)).toEqual([
      'reply 1, part one\n\nand part two of reply 1',
      'reply 2, part one\n\nand part two of reply 2',
      'night night\n\nsleep well ~',
    ]);
    // The same the next online message is given (the chat's own order is newest first).
    await owner.post('/api/chat', { message: 'hello', history: [] });
    expect(companion.calls.at(-1)!.recentReplies.slice(0, 3)).toEqual(
      context.recentReplies.slice(-3).reverse(),
    );
  });

  it('each account sees its own: another user’s memories and replies are not in the owner’s copy', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await owner.post('/api/chat', { message: 'remember that my cat is called Miso', history: [] });
    const guest = setup.browser({ address: '203.0.113.99' });
    await guest.loginOk();
    await guest.register('Ren');
    const { context } = await contextOf(guest);
    expect(context.userName).toBe('Ren');
    expect(context.memories).toEqual([]);
    expect(context.recentReplies.join(' ')).not.toContain('reply 1');
  });

  it(`keeps at most MAX_CONTEXT_MEMORIES (${MAX_CONTEXT_MEMORIES}) memories, all an account holds today`, async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    for (let n = 0; n < 5; n += 1) {
      await owner.post('/api/chat', { message: `remember that fact number ${n}`, history: [] });
      setup.clock.advance(1_000);
    }
    const { context } = await contextOf(owner);
    expect(context.memories.length).toBeLessThanOrEqual(MAX_CONTEXT_MEMORIES);
    expect(context.memories.map((m) => m.content)).toEqual([
      'fact number 4',
      'fact number 3',
      'fact number 2',
      'fact number 1',
      'fact number 0',
    ]);
  });
});
