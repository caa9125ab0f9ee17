// The chat's polite live region as a screen reader meets it: empty on load, Kiri's new words once.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatAnnouncer } from '@/features/chat/components/ChatAnnouncer';
import type { AnnouncedMessage } from '@/features/chat/model/live-announcement';

const history: AnnouncedMessage[] = [
  { id: 'u1', sender: 'user', message: 'Hello' },
  { id: 'k1', sender: 'kiri', message: 'Hi Mira, how was your day?' },
];

function announcer(messages: readonly AnnouncedMessage[], speaks = true) {
  return <ChatAnnouncer sessionId="s1" messages={messages} personaName="Kiri" speaks={speaks} />;
}

afterEach(cleanup);

describe('the chat live region', () => {
  it("is a polite live region that says nothing of the history on load, then Kiri's new message once", () => {
    const { rerender } = render(announcer(history));
    const region = screen.getByTestId('chat-announcer');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');

    const withOwner = [...history, { id: 'u2', sender: 'user', message: 'Tiring.' } as const];
    rerender(announcer(withOwner));
    expect(region.textContent).toBe('');

    const withReply = [...withOwner, { id: 'k2', sender: 'kiri', message: 'Rest a bit.' } as const];
    rerender(announcer(withReply));
    expect(region.textContent).toBe('Kiri: Rest a bit.');
    const said = region.firstElementChild;

    // Any later render with the same messages leaves the very same node: nothing is said again.
    rerender(announcer([...withReply]));
    expect(region.firstElementChild).toBe(said);
    // The owner's next message changes nothing either.
    rerender(announcer([...withReply, { id: 'u3', sender: 'user', message: 'Okay.' }]));
    expect(region.firstElementChild).toBe(said);
  });

  it('the same words from Kiri twice are said twice (a new node each time)', () => {
    const { rerender } = render(announcer(history));
    const region = screen.getByTestId('chat-announcer');
    const once = [...history, { id: 'k2', sender: 'kiri', message: 'I am here.' } as const];
    rerender(announcer(once));
    const first = region.firstElementChild;
    rerender(announcer([...once, { id: 'k3', sender: 'kiri', message: 'I am here.' }]));
    expect(region.textContent).toBe('Kiri: I am here.');
    expect(region.firstElementChild).not.toBe(first);
  });

  it('says nothing while an earlier day is viewed', () => {
    const { rerender } = render(announcer(history, false));
    rerender(announcer([...history, { id: 'k2', sender: 'kiri', message: 'Late reply' }], false));
    expect(screen.getByTestId('chat-announcer').textContent).toBe('');
  });
});
