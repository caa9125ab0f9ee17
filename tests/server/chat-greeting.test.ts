// The initial greeting belongs to the shared conversation (issue 8): it is logged like any reply of
// Kiri's, so every device pulls it, and it is not made for a day that already has messages.
import { afterEach, describe, expect, it } from 'vitest';
import { GREETING_DAY_BEGUN } from '../../server/chat/chat-service';
import { expectError } from './support/harness';
import {
  chatFiles,
  cleanUpChatApps,
  fakeCompanion,
  keyHeader,
  ownerChat,
  type ChatAnswer,
} from './support/chat-harness';
import type { ConversationEntry } from '../../server/store/conversation-store';

afterEach(cleanUpChatApps);

const DAY = 86_400_000;
const GREETING = { message: '', isInitialGreeting: true, history: [] };

/** The owner on a day with nothing in the log yet: the registration's welcome is the day before. */
async function ownerOnAnEmptyDay() {
  const companion = fakeCompanion();
  const chat = await ownerChat({ companion });
  chat.setup.clock.advance(DAY);
  return { ...chat, companion };
}

async function fullLog(owner: Awaited<ReturnType<typeof ownerChat>>['owner']) {
  return (await (await owner.request('/api/conversations')).json()) as ConversationEntry[];
}

describe('the greeting is made only for a day with no messages in the shared log', () => {
  it('a greeting on an empty day is logged, and another device pulls it', async () => {
    const { owner, setup } = await ownerOnAnEmptyDay();
    const response = await owner.post('/api/chat', GREETING, keyHeader('greeting-a'));
    expect(response.status).toBe(200);
    const answer = (await response.json()) as ChatAnswer;
    const greetingIds = answer.kiriMessages.map((part) => part.id);
    const today = (await fullLog(owner)).filter((entry) => entry.sessionId === '2026-01-16');
    expect(today.map((entry) => entry.id)).toEqual(greetingIds);
    expect(today.every((entry) => entry.sender === 'kiri' && entry.answersId === null)).toBe(true);

    // The owner's paired laptop pulls the same greeting.
    const { code } = (await (await owner.post('/api/auth/pairing-code')).json()) as {
      code: string;
    };
    const laptop = setup.browser({ address: '203.0.113.30' });
    await laptop.loginOk();
    expect((await laptop.post('/api/auth/pair', { code })).status).toBe(200);
    const pulled = (await fullLog(laptop)).filter((entry) => entry.sessionId === '2026-01-16');
    expect(pulled.map((entry) => entry.id)).toEqual(greetingIds);
  });

  it('a second greeting for the day (another device) is a 409, and nothing runs or is written', async () => {
    const { owner, setup, companion } = await ownerOnAnEmptyDay();
    expect((await owner.post('/api/chat', GREETING, keyHeader('greeting-phone'))).status).toBe(200);
    const calls = companion.calls.length;
    const before = await chatFiles(setup.dataDir);
    const again = await owner.post('/api/chat', GREETING, keyHeader('greeting-laptop'));
    await expectError(again, 409, GREETING_DAY_BEGUN);
    expect(companion.calls.length).toBe(calls);
    expect(await chatFiles(setup.dataDir)).toBe(before);
  });

  it('a greeting for a day the owner already talked in is a 409; a replay of the first still answers', async () => {
    const { owner, setup, companion } = await ownerOnAnEmptyDay();
    const first = await owner.post('/api/chat', GREETING, keyHeader('greeting-phone'));
    const firstAnswer = await first.json();
    expect((await owner.post('/api/chat', { message: 'good morning', history: [] })).status).toBe(
      200,
    );
    const calls = companion.calls.length;
    const before = await chatFiles(setup.dataDir);
    const late = await owner.post(
      '/api/chat',
      { ...GREETING, sessionId: '2026-01-16' },
      keyHeader('greeting-laptop'),
    );
    await expectError(late, 409, GREETING_DAY_BEGUN);
    expect(companion.calls.length).toBe(calls);
    expect(await chatFiles(setup.dataDir)).toBe(before);
    // The device that asked first, asking again with its key, gets its greeting back (not a 409).
    const replay = await owner.post('/api/chat', GREETING, keyHeader('greeting-phone'));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(firstAnswer);
  });

  it("the registration's welcome counts: no greeting after it on the same day", async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    await expectError(await owner.post('/api/chat', GREETING), 409, GREETING_DAY_BEGUN);
  });
});
