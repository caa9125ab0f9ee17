import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SimpleChatScreen from '@/features/chat/components/SimpleChatScreen';
import { json, networkDown, renderWithProviders, stubFetch } from '../../helpers/client';
import { OWNER_STATUS, resetChatTest } from './chat-test-kit';

afterEach(() => resetChatTest());

function renderSimple() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/simple-mobile']}>
      <SimpleChatScreen />
    </MemoryRouter>,
  );
}

function input(): HTMLInputElement {
  return screen.getByPlaceholderText('Type a message...') as HTMLInputElement;
}

describe('the minimal chat screen', () => {
  it("opens with 'helloooo is me~~~' and posts { message, history }; Send shows '...' while busy", async () => {
    let answer!: (response: Response) => void;
    const fetchMock = stubFetch({
      'GET /api/auth/status': () => json(OWNER_STATUS),
      'POST /api/chat': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderSimple();
    expect(screen.getByText('helloooo is me~~~')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Simple Chat' })).toBeTruthy();

    fireEvent.change(input(), { target: { value: 'hi there' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('button', { name: '...' })).toBeTruthy();
    expect(screen.getByText('hi there')).toBeTruthy();
    expect(input().value).toBe('');

    await act(async () =>
      answer(
        json({
          kiriMessages: [{ id: 'k1', message: 'hey you ~', timestamp: Date.now() }],
          splitMessageTimings: [0],
        }),
      ),
    );
    expect(await screen.findByText('hey you ~')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/chat')!;
    const body = JSON.parse(call[1]!.body as string);
    expect(body.message).toBe('hi there');
    expect(body.history).toEqual([
      expect.objectContaining({ message: 'helloooo is me~~~', sender: 'kiri' }),
    ]);
  });

  it('on failure Kiri says so and the text goes back into the box', async () => {
    stubFetch({
      'GET /api/auth/status': () => json(OWNER_STATUS),
      'POST /api/chat': networkDown(),
    });
    renderSimple();
    fireEvent.change(input(), { target: { value: 'are you there?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText("Sorry, I'm having trouble connecting right now.")).toBeTruthy();
    await waitFor(() => expect(input().value).toBe('are you there?'));
  });

  it('shows split parts one after another', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      stubFetch({
        'GET /api/auth/status': () => json(OWNER_STATUS),
        'POST /api/chat': () =>
          json({
            kiriMessages: [
              { id: 'a', message: 'first', timestamp: 1 },
              { id: 'b', message: 'second', timestamp: 2 },
            ],
            splitMessageTimings: [0, 1_500],
          }),
      });
      renderSimple();
      fireEvent.change(input(), { target: { value: 'tell me' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      expect(await screen.findByText('first')).toBeTruthy();
      expect(screen.queryByText('second')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(1_600));
      expect(screen.getByText('second')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
