import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/db/db';
import type { MessageRow } from '@/db/schema';
import { ensureTodaySession } from '@/db/sessions';
import { sessionIdAt } from '@/domain/day-session';
import { uuidv7 } from '@/domain/uuidv7';
import { newestPullStartedAt, onOutboxReplayed, requestReplay } from '@/lib/outbox-sync';
import { MemoryRouter, Route, Routes, useNavigate, type NavigateFunction } from 'react-router';
import { ChatScreen } from '@/features/chat/components/ChatScreen';
import { json, renderWithProviders } from '../../helpers/client';
import {
  emptyStore,
  giveLayout,
  OWNER_STATUS,
  messageElement,
  renderChat,
  resetChatTest,
  settle,
  stubServer,
  TZ,
} from './chat-test-kit';

vi.mock('@/lib/outbox-sync', () => import('./outbox-sync-mock'));

/** The first download of a code-split part can take a while in a cold test run. */
const LAZY = { timeout: 10_000 };
/** Storing a message is a few IndexedDB transactions: on a loaded machine, more than a second. */
const STORED = { timeout: 5_000 };

beforeAll(async () => {
  // Warm the code-split parts, so the first test that opens one does not wait for its transform.
  await Promise.all([
    import('@/features/chat/components/MessageMenu'),
    import('@/features/chat/components/ReminderDialog'),
    import('@/features/chat/components/LatestReplyOverlay'),
    import('@/features/chat/components/ChatSidebar'),
  ]);
}, 30_000);

beforeEach(async () => {
  await emptyStore();
  giveLayout();
  vi.mocked(requestReplay).mockClear();
  vi.mocked(newestPullStartedAt).mockReturnValue(1);
  vi.mocked(onOutboxReplayed).mockImplementation(() => () => {});
  // Most tests are not about the initial greeting.
  sessionStorage.setItem('kiri-greeted', 'true');
});
afterEach(() => resetChatTest());

async function today(): Promise<string> {
  return (await ensureTodaySession(db, Date.now(), TZ)).session.id;
}

async function seed(rows: Partial<MessageRow>[]): Promise<MessageRow[]> {
  const sessionId = await today();
  const now = Date.now();
  const full = rows.map((row, i): MessageRow => ({
    id: uuidv7(now - 60_000 + i),
    sessionId,
    sender: 'user',
    message: `message ${i}`,
    timestamp: now - 60_000 + i * 1_000,
    replyToId: null,
    emotionalState: null,
    ...row,
  }));
  await db.messages.bulkAdd(full);
  return full;
}

/**
 * An event that opens a code-split part (menu, overlay, sidebar): React resumes a render that suspended
 * on the download only inside an awaited act.
 */
async function opening(fire: () => void): Promise<void> {
  await act(async () => {
    fire();
  });
}

/**
 * A message's element, found by its bubble's text. Not by text alone: React 19 mirrors a controlled
 * textarea's value into its text, so until the send clears the composer the typed words are found there.
 */
async function sentMessage(text: string): Promise<HTMLElement> {
  const bubble = await screen.findByText(text, { selector: '[data-message-text]' }, STORED);
  return bubble.closest('[data-message-id]') as HTMLElement;
}

function composer(): HTMLTextAreaElement {
  return screen.getByRole('textbox', { name: 'Message Kiri' }) as HTMLTextAreaElement;
}

describe('sending', () => {
  it("sending queues a message that shows 'Sending…'", async () => {
    stubServer();
    await seed([{ sender: 'kiri', message: 'evening ~' }]);
    renderChat();
    await screen.findByText('evening ~');
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);

    fireEvent.change(composer(), { target: { value: '  on the train now  ' } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);

    const element = await sentMessage('on the train now');
    expect(element.getAttribute('data-sender')).toBe('user');
    expect(element.getAttribute('data-status')).toBe('sending');
    expect(within(element as HTMLElement).getByText(/Sending…/)).toBeTruthy();
    expect(composer().value).toBe('');
    expect(requestReplay).toHaveBeenCalled();

    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'chat', url: '/api/chat' });
    const body = JSON.parse(entry!.body!);
    expect(body.message).toBe('on the train now');
    expect(body.userName).toBe('Sam');
    expect(body.history).toEqual([
      expect.objectContaining({ message: 'evening ~', sender: 'kiri' }),
    ]);
  });

  it("a message written while the one before is on its way is sent too: it queues behind, 'Waiting to send'", async () => {
    stubServer();
    renderChat();
    await settle();
    fireEvent.change(composer(), { target: { value: 'first' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    const first = await sentMessage('first');
    expect(first.getAttribute('data-status')).toBe('sending');

    // The first is in flight: Send does not lock, and Enter is not dropped.
    fireEvent.change(composer(), { target: { value: 'and another' } });
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(false);
    fireEvent.keyDown(composer(), { key: 'Enter' });
    const second = await sentMessage('and another');
    expect(second.getAttribute('data-status')).toBe('waiting');
    expect(within(second as HTMLElement).getByText('Waiting to send')).toBeTruthy();
    expect(composer().value).toBe('');
    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued.map((entry) => JSON.parse(entry.body!).message)).toEqual([
      'first',
      'and another',
    ]);
  });

  it('Enter pressed again before the message before is stored still makes a message, in order', async () => {
    stubServer();
    renderChat();
    await settle();
    for (const text of ['one', 'two', 'three']) {
      fireEvent.change(composer(), { target: { value: text } });
      fireEvent.keyDown(composer(), { key: 'Enter' });
    }
    await screen.findByText('three', {}, STORED);
    const rows = await db.messages
      .orderBy('timestamp')
      .filter((m) => m.sender === 'user')
      .toArray();
    expect(rows.map((row) => row.message)).toEqual(['one', 'two', 'three']);
    expect(rows.map((row) => row.status)).toEqual(['sending', 'waiting', 'waiting']);
  });

  it('what is typed while a message is being stored stays the draft, and comes back after a reload', async () => {
    stubServer();
    const first = renderChat();
    await settle();
    fireEvent.change(composer(), { target: { value: 'sent one' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    // Typed before the message is queued (storing it takes a moment).
    fireEvent.change(composer(), { target: { value: 'the next thought' } });
    await screen.findByText('sent one', {}, STORED);
    await waitFor(async () => expect(await db.outbox.count()).toBe(1), STORED);
    await settle();
    expect(composer().value).toBe('the next thought');
    first.unmount();

    renderChat();
    await waitFor(() => expect(composer().value).toBe('the next thought'), STORED);
  });

  it('a message that cannot be stored goes back into the box, before what was typed since', async () => {
    stubServer();
    renderChat();
    await settle();
    const add = vi.spyOn(db.outbox, 'add').mockRejectedValueOnce(new Error('QuotaExceededError'));
    fireEvent.change(composer(), { target: { value: 'do not lose me' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    fireEvent.change(composer(), { target: { value: 'and this' } });
    await waitFor(() => expect(composer().value).toBe('do not lose me\nand this'), STORED);
    expect(await db.messages.count()).toBe(0);
    add.mockRestore();
  });

  it('Enter sends and Shift+Enter does not', async () => {
    stubServer();
    renderChat();
    await settle();
    fireEvent.change(composer(), { target: { value: 'line one' } });
    fireEvent.keyDown(composer(), { key: 'Enter', shiftKey: true });
    expect(await db.outbox.count()).toBe(0);
    fireEvent.keyDown(composer(), { key: 'Enter' });
    await screen.findByText('line one');
    expect(await db.outbox.count()).toBe(1);
  });

  it('a message over 10,000 characters stays in the box with the reason, and nothing is sent', async () => {
    stubServer();
    renderChat();
    await settle();
    const long = 'z'.repeat(10_001);
    fireEvent.change(composer(), { target: { value: long } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect(await screen.findByText('Message too long')).toBeTruthy();
    expect(screen.getByText(/up to 10,000 characters; this one has 10,001/)).toBeTruthy();
    expect(composer().value).toBe(long);
    await settle();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.messages.count()).toBe(0);
  });

  it("the greeting filter answers 'Mm, noted.' without sending", async () => {
    stubServer();
    await today();
    await db.engineState.put({ key: 'lastGreetingTimestamp', value: Date.now() - 5 * 60_000 });
    renderChat();
    await settle();
    fireEvent.change(composer(), { target: { value: 'hello' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });

    expect(await screen.findByText('Mm, noted.')).toBeTruthy();
    const hello = await sentMessage('hello');
    expect(hello.getAttribute('data-status')).toBe('local');
    expect(await db.outbox.count()).toBe(0);
    expect(requestReplay).not.toHaveBeenCalled();
  });

  it('the draft survives a reload', async () => {
    stubServer();
    const first = renderChat();
    await settle();
    fireEvent.change(composer(), { target: { value: 'half a thought' } });
    await waitFor(async () => expect((await db.uiState.toArray()).length).toBe(1));
    first.unmount();

    renderChat();
    await waitFor(() => expect(composer().value).toBe('half a thought'));
  });
});

describe('what a message shows', () => {
  it("each message carries its id and sender, and the owner's its status in words", async () => {
    stubServer();
    const [mine, reply, waiting] = await seed([
      { sender: 'user', message: 'did you miss me', status: 'answered' },
      { sender: 'kiri', message: 'always ~' },
      {
        sender: 'user',
        message: 'offline one',
        status: 'waiting',
        statusReason: 'Server unavailable (503)',
      },
    ]);
    renderChat();
    await screen.findByText('always ~');
    expect(messageElement(reply!.id)?.getAttribute('data-sender')).toBe('kiri');
    expect(messageElement(reply!.id)?.hasAttribute('data-status')).toBe(false);
    expect(within(messageElement(mine!.id)!).getByLabelText('Delivered')).toBeTruthy();
    expect(
      within(messageElement(waiting!.id)!).getByText(
        /Waiting to send · Server unavailable \(503\)/,
      ),
    ).toBeTruthy();
  });

  it("a refused message says why, offers Retry and Delete, and Kiri's trouble line follows it", async () => {
    stubServer();
    const [failed] = await seed([
      {
        sender: 'user',
        message: 'too much',
        status: 'failed',
        statusReason: 'Message too long',
        retryBody: JSON.stringify({ message: 'too much' }),
      },
    ]);
    renderChat();
    const element = (await screen.findByText('too much')).closest(
      '[data-message-id]',
    ) as HTMLElement;
    expect(within(element).getByText(/Not sent: Message too long/)).toBeTruthy();
    expect(
      screen.getByText("I'm having trouble connecting right now, but I'm still here with you."),
    ).toBeTruthy();

    fireEvent.click(within(element).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(messageElement(failed!.id)?.getAttribute('data-status')).toBe('sending'),
    );
    expect(requestReplay).toHaveBeenCalled();
    expect(screen.queryByText(/trouble connecting/)).toBeNull();
  });

  it("an empty day shows 'helloooo ~'", async () => {
    stubServer();
    renderChat();
    expect(await screen.findByText('helloooo ~')).toBeTruthy();
  });

  it('split-reply parts appear at their reveal time, with the typing indicator before', async () => {
    stubServer();
    const now = Date.now();
    await seed([
      { sender: 'user', message: 'tell me', status: 'answered', timestamp: now - 10 },
      { sender: 'kiri', message: 'first part', timestamp: now - 5, revealAt: now - 5 },
      { sender: 'kiri', message: 'second part', timestamp: now - 4, revealAt: now + 400 },
    ]);
    renderChat();
    await screen.findByText('first part');
    expect(screen.queryByText('second part')).toBeNull();
    expect(screen.getByRole('status', { name: 'Kiri is typing' })).toBeTruthy();
    expect(await screen.findByText('second part', {}, { timeout: 2000 })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Kiri is typing' })).toBeNull();
  });
});

describe('the message menu', () => {
  it('Delete removes the message here', async () => {
    stubServer();
    const [mine] = await seed([{ sender: 'user', message: 'delete me', status: 'answered' }]);
    renderChat();
    const pressed = await screen.findByText('delete me');
    await opening(() => fireEvent.contextMenu(pressed));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }, LAZY));
    await waitFor(() => expect(messageElement(mine!.id)).toBeNull());
    expect(await screen.findByText('Message deleted')).toBeTruthy();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(await db.tombstones.get(mine!.id)).toBeTruthy();
  });

  it('Unsend removes it here and queues the removal on the server', async () => {
    stubServer();
    const [mine] = await seed([{ sender: 'user', message: 'unsend me', status: 'answered' }]);
    renderChat();
    const pressed = await screen.findByText('unsend me');
    await opening(() => fireEvent.contextMenu(pressed));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Unsend' }, LAZY));
    await waitFor(() => expect(messageElement(mine!.id)).toBeNull());
    expect(await screen.findByText('Message unsent')).toBeTruthy();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'unsend', method: 'DELETE' });
    expect(requestReplay).toHaveBeenCalled();
  });

  it("offers the six actions on the owner's message; Copy and Set Reminder say so", async () => {
    stubServer();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const long = 'Remind me to call the dentist about the appointment next Thursday please';
    await seed([{ sender: 'user', message: long, status: 'sent' }]);
    renderChat();
    const pressed = await screen.findByText(long);
    await opening(() => fireEvent.contextMenu(pressed));
    const items = await screen.findAllByRole('menuitem', {}, LAZY);
    expect(items.map((i) => i.textContent)).toEqual([
      'Copy',
      'Select and Copy',
      'Delete',
      'Unsend',
      'Share',
      'Set Reminder',
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Copy' }));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(long);

    await opening(() => fireEvent.contextMenu(screen.getByText(long)));
    // Set Reminder asks when (issue 10), then stores it and says so.
    await opening(() => fireEvent.click(screen.getByRole('menuitem', { name: 'Set Reminder' })));
    expect(await screen.findByRole('heading', { name: 'Set Reminder' }, LAZY)).toBeTruthy();
    expect(screen.queryByText('Reminder set')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Set Reminder' }));
    expect(await screen.findByText('Reminder set')).toBeTruthy();
    expect(screen.getByText(`${long.slice(0, 50)}…`)).toBeTruthy();
    await waitFor(async () =>
      expect((await db.outbox.toArray()).map((entry) => entry.kind)).toEqual(['reminder']),
    );
    expect((await db.reminders.toArray())[0]?.text).toBe(long);
  });

  it('opens from the keyboard on the focused message, and gives focus back on Escape', async () => {
    stubServer();
    await seed([{ sender: 'user', message: 'keyboard me', status: 'sent' }]);
    renderChat();
    const bubble = await screen.findByText('keyboard me');
    bubble.focus();
    expect(document.activeElement).toBe(bubble);
    await opening(() => fireEvent.keyDown(bubble, { key: 'Enter' }));
    const first = (await screen.findAllByRole('menuitem', {}, LAZY))[0]!;
    await waitFor(() => expect(document.activeElement).toBe(first));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(bubble);
  });

  it('closes on a click elsewhere', async () => {
    stubServer();
    await seed([{ sender: 'user', message: 'menu please', status: 'sent' }]);
    renderChat();
    const pressed = await screen.findByText('menu please');
    await opening(() => fireEvent.contextMenu(pressed));
    await screen.findByRole('menu', {}, LAZY);
    fireEvent.pointerDown(document.body);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});

describe('reply target', () => {
  it("a long press on Kiri's message (500 ms, 50 ms vibration) sets it; the X clears it", async () => {
    stubServer();
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { configurable: true, value: vibrate });
    await seed([{ sender: 'kiri', message: 'what are you reading?' }]);
    renderChat();
    const bubble = await screen.findByText('what are you reading?');
    fireEvent.pointerDown(bubble, { button: 0, clientX: 40, clientY: 200 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 560)));
    expect(vibrate).toHaveBeenCalledWith(50);
    expect(screen.getByText('Replying to Kiri')).toBeTruthy();
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel reply' }));
    expect(screen.queryByText('Replying to Kiri')).toBeNull();
  });

  it("Enter on Kiri's focused message makes it the reply target", async () => {
    stubServer();
    await seed([{ sender: 'kiri', message: 'what are you cooking?' }]);
    renderChat();
    const bubble = await screen.findByText('what are you cooking?');
    bubble.focus();
    fireEvent.keyDown(bubble, { key: 'Enter' });
    expect(screen.getByText('Replying to Kiri')).toBeTruthy();
  });

  it('a reply is sent with its target and shows the quoted block', async () => {
    stubServer();
    const [kiri] = await seed([{ sender: 'kiri', message: 'what are you reading?' }]);
    renderChat();
    const pressed = await screen.findByText('what are you reading?');
    await opening(() => fireEvent.contextMenu(pressed));
    fireEvent.change(composer(), { target: { value: 'a novel' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    const mine = await sentMessage('a novel');
    expect(mine.querySelector(`[data-quoted-id="${kiri!.id}"]`)?.textContent).toContain(
      'what are you reading?',
    );
    expect(screen.queryByText('Replying to Kiri')).toBeNull();
    const [entry] = await db.outbox.toArray();
    expect(JSON.parse(entry!.body!).replyToId).toBe(kiri!.id);
  });
});

describe('the connection banner', () => {
  it("counts the messages waiting to send and says 'Offline'", async () => {
    stubServer();
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      const sessionId = await today();
      for (const id of ['a', 'b']) {
        await db.outbox.add({
          kind: 'chat',
          key: id,
          method: 'POST',
          url: '/api/chat',
          body: '{}',
          messageId: id,
          createdAt: Date.now(),
          attempts: 0,
          nextAttemptAt: Date.now(),
        });
      }
      expect(sessionId).toBeTruthy();
      renderChat();
      expect(await screen.findByText('2 messages waiting to send')).toBeTruthy();
      expect(screen.getByText('Offline')).toBeTruthy();
    } finally {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    }
  });
});

describe('the latest reply overlay', () => {
  it("the header button shows Kiri's newest message; 'Continue Conversation' closes it", async () => {
    stubServer();
    const [, newest] = await seed([
      { sender: 'kiri', message: 'older words' },
      { sender: 'kiri', message: 'the newest words' },
    ]);
    renderChat();
    await screen.findByText('the newest words');
    await opening(() => fireEvent.click(screen.getByRole('button', { name: 'Latest Reply' })));
    const dialog = await screen.findByRole('dialog', {}, LAZY);
    expect(await within(dialog).findByText('the newest words')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue Conversation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionStorage.getItem('kiri-last-seen-message-id')).toBe(newest!.id);
  });

  it('opens by itself when the tab comes back with a newer reply, and not for one already seen', async () => {
    stubServer();
    const [old] = await seed([{ sender: 'kiri', message: 'seen already' }]);
    sessionStorage.setItem('kiri-last-seen-message-id', old!.id);
    renderChat();
    await screen.findByText('seen already');
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      await seed([{ sender: 'kiri', message: 'arrived while away', timestamp: Date.now() }]);
      await screen.findByText('arrived while away');
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => 'visible',
      });
      document.dispatchEvent(new Event('visibilitychange'));
      const dialog = await screen.findByRole('dialog', {}, LAZY);
      expect(await within(dialog).findByText('arrived while away')).toBeTruthy();
    } finally {
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => 'visible',
      });
    }
  });

  it('opens when the owner comes back with the Back button to the first page of the visit', async () => {
    stubServer();
    const [old] = await seed([{ sender: 'kiri', message: 'seen already' }]);
    sessionStorage.setItem('kiri-last-seen-message-id', old!.id);
    let navigate: NavigateFunction = () => {};
    function Navigator() {
      navigate = useNavigate();
      return null;
    }
    renderWithProviders(
      <MemoryRouter initialEntries={['/']}>
        <Navigator />
        <Routes>
          <Route path="/" element={<ChatScreen />} />
          <Route path="/system-features" element={<p>another screen</p>} />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByText('seen already');
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => navigate('/system-features'));
    await screen.findByText('another screen');
    await seed([{ sender: 'kiri', message: 'arrived while away', timestamp: Date.now() }]);
    await act(async () => navigate(-1));
    const dialog = await screen.findByRole('dialog', {}, LAZY);
    expect(await within(dialog).findByText('arrived while away')).toBeTruthy();
  });
});

describe('the initial greeting', () => {
  it('is asked for once per browser session when the day is empty, and stored', async () => {
    sessionStorage.removeItem('kiri-greeted');
    const fetchMock = stubServer({
      'POST /api/chat': () =>
        json({
          kiriMessages: [
            { id: uuidv7(), message: 'morning! helloooo is me~~~', timestamp: Date.now() },
          ],
          splitMessageTimings: [0],
        }),
    });
    renderChat();
    expect(await screen.findByText('morning! helloooo is me~~~')).toBeTruthy();
    const calls = fetchMock.mock.calls.filter(([url]) => url === '/api/chat');
    expect(calls).toHaveLength(1);
    const init = calls[0]![1]!;
    expect(JSON.parse(init.body as string)).toMatchObject({
      message: '',
      isInitialGreeting: true,
      history: [],
    });
    const todayId = sessionIdAt(Date.now(), TZ);
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe(
      `greeting-${todayId}-client-1`,
    );
    expect(sessionStorage.getItem('kiri-greeted')).toBe('true');
  });

  it("waits for the device's first pull: a day the server already has gets no greeting", async () => {
    sessionStorage.removeItem('kiri-greeted');
    const replayed: (() => void)[] = [];
    vi.mocked(newestPullStartedAt).mockReturnValue(null);
    vi.mocked(onOutboxReplayed).mockImplementation((listener) => {
      replayed.push(() => listener({} as never));
      return () => {};
    });
    const fetchMock = stubServer();
    renderChat();
    expect(await screen.findByText('helloooo ~')).toBeTruthy();
    await settle();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/chat')).toBe(false);
    // The pull brings what the owner said on another device this morning.
    const todayId = sessionIdAt(Date.now(), TZ);
    await db.messages.add({
      id: uuidv7(),
      sessionId: todayId,
      sender: 'user',
      message: 'said on my laptop',
      timestamp: Date.now() - 60_000,
      replyToId: null,
      emotionalState: null,
      status: 'answered',
    });
    vi.mocked(newestPullStartedAt).mockReturnValue(1);
    act(() => replayed.forEach((notify) => notify()));
    expect(await screen.findByText('said on my laptop')).toBeTruthy();
    await settle();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/chat')).toBe(false);
    expect(sessionStorage.getItem('kiri-greeted')).toBeNull();
  });

  it('is not asked for while no pull has succeeded: not after a failed one, not after a wait', async () => {
    sessionStorage.removeItem('kiri-greeted');
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      shouldAdvanceTime: true,
    });
    const replayed: (() => void)[] = [];
    vi.mocked(newestPullStartedAt).mockReturnValue(null);
    vi.mocked(onOutboxReplayed).mockImplementation((listener) => {
      replayed.push(() => listener({ pullFailed: true } as never));
      return () => {};
    });
    const fetchMock = stubServer();
    try {
      renderChat();
      expect(await screen.findByText('helloooo ~')).toBeTruthy();
      // A replay whose pull failed (the server was out of reach), then a long wait.
      act(() => replayed.forEach((notify) => notify()));
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      await settle();
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/chat')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a device being paired asks for no greeting until it is paired and has pulled the owner’s day', async () => {
    sessionStorage.removeItem('kiri-greeted');
    // Logged in, not yet named: the registration dialog is open over the chat, and the pull at start
    // read this device's own (empty) log.
    let paired = false;
    const pending = { ...OWNER_STATUS, user: { ...OWNER_STATUS.user, name: null, role: 'user' } };
    const replayed: ((summary: { pullFailed: boolean }) => void)[] = [];
    vi.mocked(newestPullStartedAt).mockReturnValue(1);
    vi.mocked(onOutboxReplayed).mockImplementation((listener) => {
      replayed.push(listener as never);
      return () => {};
    });
    let asked = 0;
    stubServer({
      'GET /api/auth/status': () => json(paired ? OWNER_STATUS : pending),
      'POST /api/chat': () => {
        asked += 1;
        return json({
          kiriMessages: [{ id: uuidv7(), message: 'hello there ~', timestamp: Date.now() }],
          splitMessageTimings: [0],
        });
      },
    });
    const { queryClient } = renderChat();
    expect(await screen.findByText('helloooo ~')).toBeTruthy();
    await settle();
    expect(asked).toBe(0);

    // Paired: the status says so, but the only pull so far was of the account it had before.
    const beforePairing = Date.now();
    vi.mocked(requestReplay).mockClear();
    paired = true;
    await act(() => queryClient.invalidateQueries());
    // Seeing itself paired, it asks for a pull of the owner's day.
    await waitFor(() => expect(vi.mocked(requestReplay)).toHaveBeenCalledWith({ force: true }));
    await settle();
    expect(asked).toBe(0);

    // A pull that began before the pairing ended, and ends only now, read the old account: no greeting.
    vi.mocked(newestPullStartedAt).mockReturnValue(beforePairing - 1);
    act(() => replayed.forEach((notify) => notify({ pullFailed: false })));
    await settle();
    expect(asked).toBe(0);

    // The pull begun after it brings the owner's day: still empty, so now it is greeted.
    vi.mocked(newestPullStartedAt).mockReturnValue(Date.now());
    act(() => replayed.forEach((notify) => notify({ pullFailed: false })));
    expect(await screen.findByText('hello there ~')).toBeTruthy();
    expect(asked).toBe(1);
  });

  it('a 409 (the day has begun on the server) stores nothing, pulls the day, and is not asked again', async () => {
    sessionStorage.removeItem('kiri-greeted');
    let asked = 0;
    stubServer({
      'POST /api/chat': () => {
        asked += 1;
        return json(
          {
            success: false,
            error: 'This day already has messages: no greeting',
            message: 'This day already has messages: no greeting',
          },
          409,
        );
      },
    });
    renderChat();
    await waitFor(() => expect(asked).toBe(1));
    await waitFor(() => expect(requestReplay).toHaveBeenCalled());
    await settle();
    expect(await db.messages.count()).toBe(0);
    expect(sessionStorage.getItem('kiri-greeted')).toBe('true');
    expect(asked).toBe(1);
  });

  it('is asked for again 30 s after the server failed to give it', async () => {
    sessionStorage.removeItem('kiri-greeted');
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      shouldAdvanceTime: true,
    });
    let asked = 0;
    stubServer({
      'POST /api/chat': () => {
        asked += 1;
        if (asked === 1) return json({ success: false, error: 'Internal server error' }, 500);
        return json({
          kiriMessages: [{ id: uuidv7(), message: 'there you are ~', timestamp: Date.now() }],
          splitMessageTimings: [0],
        });
      },
    });
    try {
      renderChat();
      await waitFor(() => expect(asked).toBe(1));
      await settle();
      expect(sessionStorage.getItem('kiri-greeted')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(29_000));
      expect(asked).toBe(1);
      await act(() => vi.advanceTimersByTimeAsync(1_500));
      expect(await screen.findByText('there you are ~')).toBeTruthy();
      expect(asked).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not asked for when the greeted flag is set', async () => {
    const fetchMock = stubServer();
    renderChat();
    expect(await screen.findByText('helloooo ~')).toBeTruthy();
    await settle();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/chat')).toBe(false);
  });
});

describe('the sidebar', () => {
  it('lists the sessions and switches the view to another day; the composer still writes today', async () => {
    stubServer();
    await ensureTodaySession(db, Date.now() - 2 * 86_400_000, TZ);
    const earlierId = sessionIdAt(Date.now() - 2 * 86_400_000, TZ);
    await db.messages.add({
      id: uuidv7(Date.now() - 2 * 86_400_000),
      sessionId: earlierId,
      sender: 'kiri',
      message: 'from two days ago',
      timestamp: Date.now() - 2 * 86_400_000,
      replyToId: null,
      emotionalState: null,
    });
    await today();
    renderChat();
    const toggle = await screen.findByRole('button', { name: /open sidebar/i });
    await opening(() => fireEvent.click(toggle));
    const sessions = await screen.findByRole('list', { name: 'Sessions' }, LAZY);
    const days = await within(sessions).findAllByRole('button');
    expect(days).toHaveLength(2);
    fireEvent.click(days[1]!);
    expect(await screen.findByText('from two days ago')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe('Chat');

    fireEvent.change(composer(), { target: { value: 'back to now' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect(await screen.findByText('back to now')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Chat');
    const [entry] = await db.outbox.toArray();
    expect(JSON.parse(entry!.body!).sessionId).toBe(sessionIdAt(Date.now(), TZ));
  });

  // WebKit without its Storage API (Safari 16, WebKitGTK's defaults) has no navigator.storage: the
  // app cannot ask to keep the chats, and a Safari tab loses them after 7 days without a visit.
  it('where the browser cannot be asked to keep the chats, the sidebar says they may be cleared and how to keep them', async () => {
    Object.defineProperty(navigator, 'storage', { configurable: true, value: undefined });
    try {
      stubServer();
      renderChat();
      const toggle = await screen.findByRole('button', { name: /open sidebar/i });
      await opening(() => fireEvent.click(toggle));
      const nav = await screen.findByRole('navigation', { name: 'Chat sidebar' }, LAZY);
      expect(await within(nav).findByText('The browser may clear them')).toBeTruthy();
      expect(within(nav).getByText(/Share, then Add to Home Screen/)).toBeTruthy();
    } finally {
      delete (navigator as { storage?: unknown }).storage;
    }
  });

  it('opened from the Home Screen, the sidebar gives no advice to add Kiri there', async () => {
    Object.defineProperty(navigator, 'storage', { configurable: true, value: undefined });
    Object.defineProperty(navigator, 'standalone', { configurable: true, value: true });
    try {
      stubServer();
      renderChat();
      const toggle = await screen.findByRole('button', { name: /open sidebar/i });
      await opening(() => fireEvent.click(toggle));
      const nav = await screen.findByRole('navigation', { name: 'Chat sidebar' }, LAZY);
      expect(await within(nav).findByText('Made on your server')).toBeTruthy();
      expect(within(nav).queryByText('The browser may clear them')).toBeNull();
      expect(within(nav).queryByText(/Add to Home Screen/)).toBeNull();
    } finally {
      delete (navigator as { standalone?: boolean }).standalone;
      delete (navigator as { storage?: unknown }).storage;
    }
  });

  it('shows real system status and a Log out button', async () => {
    stubServer();
    renderChat();
    const toggle = await screen.findByRole('button', { name: /open sidebar/i });
    await opening(() => fireEvent.click(toggle));
    const nav = await screen.findByRole('navigation', { name: 'Chat sidebar' }, LAZY);
    expect(within(nav).getByText('Connection')).toBeTruthy();
    expect(within(nav).getByText('Connected')).toBeTruthy();
    expect(await within(nav).findByText('Made on your server')).toBeTruthy();
    expect(within(nav).getByText('Sam')).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(within(nav).getByText('Coming soon')).toBeTruthy();
    expect(within(nav).getByText('v2.3')).toBeTruthy();
    expect(within(nav).queryByText(/Centered|Streaming/)).toBeNull();
  });
});
