// /api/reminders: create by the client's id (a replay adds nothing), list own pending, cancel; the
// validation's words, and that a refused request writes nothing; and 'remind me …' in the chat.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReminderView } from '../../server/reminders/reminder-service';
import { openReminderStore } from '../../server/reminders/reminder-store';
import { closeStores } from '../../server/store/stores';
import {
  cleanUpChatApps,
  fakeCompanion,
  keyHeader,
  ownerChat,
  startChatApp,
  type ChatAnswer,
} from './support/chat-harness';
import { expectError, makeDataDir, type TestApp, type TestBrowser } from './support/harness';

afterEach(cleanUpChatApps);

/** 2026-01-15 16:00 in Asia/Shanghai, the harness clock's start. */
const IN_AN_HOUR = Date.UTC(2026, 0, 15, 9, 0, 0);

async function pendingOf(browser: TestBrowser): Promise<ReminderView[]> {
  const response = await browser.request('/api/reminders');
  expect(response.status).toBe(200);
  return ((await response.json()) as { reminders: ReminderView[] }).reminders;
}

const reminderFiles = async (setup: TestApp) => {
  const read = (name: string) => readFile(join(setup.dataDir, name), 'utf8').catch(() => '(none)');
  return `${await read('reminders.json')}\n---\n${await read('reminders.json.journal')}`;
};

describe('POST /api/reminders', () => {
  it('creates a reminder, and a replay of it adds nothing', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    const body = { id: 'rem-1', text: 'Call mum', dueAt: IN_AN_HOUR, messageId: 'msg-1' };
    const created = await owner.post('/api/reminders', body);
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({
      success: true,
      reminder: {
        id: 'rem-1',
        text: 'Call mum',
        dueAt: new Date(IN_AN_HOUR).toISOString(),
        messageId: 'msg-1',
        status: 'pending',
        createdAt: expect.any(String),
      },
    });
    const replay = await owner.post('/api/reminders', body);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await pendingOf(owner)).toHaveLength(1);
  });

  it('honours Idempotency-Key: the same bytes replay, another body under the id is a 409', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const body = { id: 'rem-2', text: 'Stretch', dueAt: new Date(IN_AN_HOUR).toISOString() };
    expect((await owner.post('/api/reminders', body, keyHeader('rem-2'))).status).toBe(201);
    const again = await owner.post('/api/reminders', body, keyHeader('rem-2'));
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    const before = await reminderFiles(setup);
    await expectError(
      await owner.post('/api/reminders', { ...body, text: 'Something else' }, keyHeader('rem-2')),
      409,
      'A reminder with this id already exists with other details',
    );
    expect(await reminderFiles(setup)).toBe(before);
    expect((await pendingOf(owner)).map((r) => r.text)).toEqual(['Stretch']);
  });

  it('two identical creates at once make one reminder', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    const body = { id: 'twice', text: 'Drink water', dueAt: IN_AN_HOUR };
    const answers = await Promise.all([
      owner.post('/api/reminders', body),
      owner.post('/api/reminders', body),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(answers.filter((a) => a.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(1);
    expect(await pendingOf(owner)).toHaveLength(1);
  });

  it('refuses bad input in words that name the field, and writes nothing', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const before = await reminderFiles(setup);
    const now = setup.clock.now;
    const cases: [unknown, RegExp][] = [
      [{ text: 'x', dueAt: IN_AN_HOUR }, /^id: is required/],
      [{ id: 'a b', text: 'x', dueAt: IN_AN_HOUR }, /^id: must be letters/],
      [{ id: 'r', dueAt: IN_AN_HOUR }, /^text: is required/],
      [{ id: 'r', text: '   ', dueAt: IN_AN_HOUR }, /^text: must not be empty/],
      [{ id: 'r', text: 'x' }, /^dueAt: /],
      [{ id: 'r', text: 'x', dueAt: 'tomorrow' }, /^dueAt: /],
      [{ id: 'r', text: 'x', dueAt: now + 400 * 86_400_000 }, /^dueAt: must be within a year$/],
      [
        { id: 'r', text: 'x', dueAt: now - 8 * 86_400_000 },
        /^dueAt: must not be more than 7 days in the past$/,
      ],
    ];
    for (const [body, message] of cases) {
      await expectError(await owner.post('/api/reminders', body), 400, message);
    }
    await expectError(
      await owner.request('/api/reminders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"id":',
      }),
      400,
      'Malformed JSON',
    );
    expect(await reminderFiles(setup)).toBe(before);
    expect(await pendingOf(owner)).toEqual([]);
  });

  it('401 without a session, 403 without the chat permission', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await expectError(await setup.browser().request('/api/reminders'), 401);
    await expectError(await setup.browser().post('/api/reminders', {}), 401);
    await owner.post('/api/admin/user-restrictions', {
      restrictionMode: true,
      defaultPermissions: ['screen_settings'],
    });
    const guest = setup.browser({ address: '203.0.113.8' });
    await guest.loginOk();
    await expectError(await guest.request('/api/reminders'), 403);
  });
});

describe('GET and DELETE /api/reminders', () => {
  it('lists the caller’s own pending reminders, soonest first, and cancels them', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await owner.post('/api/reminders', { id: 'later', text: 'Later', dueAt: IN_AN_HOUR + 60_000 });
    await owner.post('/api/reminders', { id: 'sooner', text: 'Sooner', dueAt: IN_AN_HOUR });
    expect((await pendingOf(owner)).map((r) => r.id)).toEqual(['sooner', 'later']);

    const guest = setup.browser({ address: '203.0.113.9' });
    await guest.loginOk();
    expect(await pendingOf(guest)).toEqual([]);
    await expectError(
      await guest.request('/api/reminders/sooner', { method: 'DELETE' }),
      404,
      'Reminder not found',
    );

    const cancel = () => owner.request('/api/reminders/sooner', { method: 'DELETE' });
    const first = await cancel();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, id: 'sooner' });
    // The outbox may send the cancel twice: the second answers the same.
    expect((await cancel()).status).toBe(200);
    expect((await pendingOf(owner)).map((r) => r.id)).toEqual(['later']);

    // A cancelled reminder never fires.
    setup.clock.now = IN_AN_HOUR + 30_000;
    await setup.app.services.scheduler.tick();
    const texts = (await (await owner.request('/api/conversations')).json()) as {
      message: string;
    }[];
    expect(texts.some((entry) => entry.message.includes('Sooner'))).toBe(false);
  });
});

describe("'remind me …' in the chat", () => {
  it('sets the reminder and confirms the time Kiri understood', async () => {
    const companion = fakeCompanion();
    const { owner } = await ownerChat({ companion, env: { TIME_ZONE: 'Asia/Shanghai' } });
    const key = '0192f000-0000-7000-8000-0000000000aa';
    const ask = () =>
      owner.post(
        '/api/chat',
        { message: 'Remind me to call mum tomorrow at 6pm', history: [] },
        keyHeader(key),
      );
    const response = await ask();
    expect(response.status).toBe(200);
    const answer = (await response.json()) as ChatAnswer;
    expect(answer.kiriResponse.message).toBe(
      "Okay! I'll remind you to call mum tomorrow (Friday 16 January) at 18:00.",
    );
    expect(companion.calls).toHaveLength(0);
    const pending = await pendingOf(owner);
    expect(pending).toEqual([
      expect.objectContaining({
        text: 'call mum',
        dueAt: '2026-01-16T10:00:00.000Z',
        messageId: answer.userMessage!.id,
      }),
    ]);
    // The outbox's replay sets nothing twice.
    await ask();
    expect(await pendingOf(owner)).toHaveLength(1);
  });

  it('asks instead of guessing, and sets nothing', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    const response = await owner.post('/api/chat', {
      message: 'remind me at 6 to eat',
      history: [],
    });
    const answer = (await response.json()) as ChatAnswer;
    expect(answer.kiriResponse.message).toMatch(/6 in the morning or 6 in the evening/);
    expect(await pendingOf(owner)).toEqual([]);
  });

  const say = async (owner: TestBrowser, message: string) => {
    const response = await owner.post('/api/chat', { message, history: [] });
    expect(response.status).toBe(200);
    return ((await response.json()) as ChatAnswer).kiriResponse.message;
  };

  it("an answer to Kiri's question sets the reminder: '6pm', or '6' then 'pm'", async () => {
    const companion = fakeCompanion();
    const { owner } = await ownerChat({ companion, env: { TIME_ZONE: 'Asia/Shanghai' } });
    expect(await say(owner, 'remind me to call mum')).toBe('When should I remind you to call mum?');
    expect(await say(owner, '6pm')).toBe("Okay! I'll remind you to call mum today at 18:00.");
    expect(companion.calls).toHaveLength(0);
    expect(await pendingOf(owner)).toEqual([
      expect.objectContaining({ text: 'call mum', dueAt: '2026-01-15T10:00:00.000Z' }),
    ]);
    // Ambiguous: asked again, then completed by 'pm' alone.
    expect(await say(owner, 'remind me to stretch')).toBe('When should I remind you to stretch?');
    expect(await say(owner, '7')).toMatch(/7 in the morning or 7 in the evening/);
    expect(await say(owner, 'pm')).toBe("Okay! I'll remind you to stretch today at 19:00.");
    // The question is answered: a later '8pm' is just a message.
    await say(owner, '8pm');
    expect(companion.calls).toHaveLength(1);
    expect((await pendingOf(owner)).map((r) => r.text)).toEqual(['call mum', 'stretch']);
  });

  it('a past answer asks again; what is not a time drops the question and is answered as usual', async () => {
    const companion = fakeCompanion();
    const { owner } = await ownerChat({ companion, env: { TIME_ZONE: 'Asia/Shanghai' } });
    await say(owner, 'remind me to call mum');
    // 16:00 in Shanghai: 9am today has passed.
    expect(await say(owner, 'today at 9am')).toBe(
      'Today at 09:00 has already passed. When should I remind you to call mum?',
    );
    expect(await say(owner, 'never mind')).not.toMatch(/remind/);
    expect(companion.calls.map((call) => call.message)).toEqual(['never mind']);
    // Dropped: a time now sets nothing.
    await say(owner, '6pm');
    expect(companion.calls).toHaveLength(2);
    await say(owner, 'remind me to water the plants');
    await say(owner, 'I had pasta for lunch, it was great');
    expect(companion.calls).toHaveLength(3);
    expect(await pendingOf(owner)).toEqual([]);
  });

  it('the question survives a restart and expires after an hour', async () => {
    const companion = fakeCompanion();
    const env = { TIME_ZONE: 'Asia/Shanghai' };
    const first = await ownerChat({ companion, env });
    await say(first.owner, 'remind me to call mum');
    await first.setup.app.stopBackground();
    await closeStores(first.setup.stores);
    const second = await startChatApp({
      companion,
      env,
      dataDir: first.setup.dataDir,
      clock: first.setup.clock,
    });
    const owner = second.browser();
    for (const [name, value] of first.owner.cookies) owner.cookies.set(name, value);
    expect(await say(owner, 'in 20 minutes')).toBe(
      "Okay! I'll remind you to call mum in 20 minutes, today at 16:20.",
    );
    expect(await pendingOf(owner)).toEqual([expect.objectContaining({ text: 'call mum' })]);

    await say(owner, 'remind me to stretch');
    second.clock.advance(61 * 60_000);
    await say(owner, '6pm');
    expect(companion.calls.map((call) => call.message)).toEqual(['6pm']);
    expect(await pendingOf(owner)).toHaveLength(1);
  });

  it('reminders.json version 1 opens as version 2, its reminders kept and no question open', async () => {
    const dataDir = await makeDataDir();
    const reminder = {
      id: 'old-1',
      text: 'call mum',
      dueAt: IN_AN_HOUR,
      messageId: null,
      source: 'api',
      createdAt: IN_AN_HOUR - 1000,
      createdBy: null,
      status: 'pending',
      finishedAt: null,
      kiriMessageId: null,
      bodyHash: null,
    };
    await writeFile(
      join(dataDir, 'reminders.json'),
      JSON.stringify({ version: 1, accounts: { owner: { 'old-1': reminder } } }),
    );
    const store = await openReminderStore(dataDir);
    try {
      expect(store.data).toEqual({
        version: 2,
        accounts: { owner: { 'old-1': reminder } },
        questions: {},
      });
    } finally {
      await store.close();
    }
  });
});
