import { describe, expect, it } from 'vitest';
import {
  MAX_ANNOUNCED_MESSAGES,
  nextLiveAnnouncement,
  type AnnouncedMessage,
} from '@/features/chat/model/live-announcement';

const kiri = (id: string, message: string): AnnouncedMessage => ({ id, sender: 'kiri', message });
const owner = (id: string, message: string): AnnouncedMessage => ({ id, sender: 'user', message });

const history = [owner('u1', 'Hello'), kiri('k1', 'Hi Mira.'), owner('u2', 'Long day.')];

describe('the chat live region', () => {
  it('the history on screen when a session opens is not announced', () => {
    const first = nextLiveAnnouncement(null, 's1', history, 'Kiri');
    expect(first.text).toBe('');
    expect(first.key).toBeNull();
  });

  it('a new Kiri message is announced once, with her name, and only its own text', () => {
    const first = nextLiveAnnouncement(null, 's1', history, 'Kiri');
    const reply = [...history, kiri('k2', 'Tell me about it.')];
    const second = nextLiveAnnouncement(first, 's1', reply, 'Kiri');
    expect(second.text).toBe('Kiri: Tell me about it.');
    expect(second.key).toBe('k2');
    // The same messages again (any render of the list): the very same state, nothing said anew.
    expect(nextLiveAnnouncement(second, 's1', reply, 'Kiri')).toBe(second);
  });

  it("the owner's own messages are never announced", () => {
    const first = nextLiveAnnouncement(null, 's1', history, 'Kiri');
    const replied = nextLiveAnnouncement(first, 's1', [...history, kiri('k2', 'Oh no.')], 'Kiri');
    const sent = nextLiveAnnouncement(
      replied,
      's1',
      [...history, kiri('k2', 'Oh no.'), owner('u3', 'Yes.')],
      'Kiri',
    );
    expect(sent.text).toBe(replied.text);
    expect(sent.key).toBe(replied.key);
    expect(nextLiveAnnouncement(first, 's1', [...history, owner('u3', 'Yes.')], 'Kiri').text).toBe(
      '',
    );
  });

  it('older messages loaded above as the reader scrolls up are not announced', () => {
    const first = nextLiveAnnouncement(null, 's1', history, 'Kiri');
    const older = [owner('u0', 'Morning'), kiri('k0', 'Good morning!'), ...history];
    const next = nextLiveAnnouncement(first, 's1', older, 'Kiri');
    expect(next.text).toBe('');
    // …and they are known now: a later render does not say them either.
    expect(next.known.has('k0')).toBe(true);
  });

  it('a reply that sits above a later owner message is still new', () => {
    // The owner sent u2 and u3; the reply to u2 goes right under it, above u3.
    const shown = [...history, owner('u3', 'And you?')];
    const first = nextLiveAnnouncement(null, 's1', shown, 'Kiri');
    const next = nextLiveAnnouncement(
      first,
      's1',
      [...history, kiri('k2', 'Rest now.'), owner('u3', 'And you?')],
      'Kiri',
    );
    expect(next.text).toBe('Kiri: Rest now.');
  });

  it('the parts of a reply that arrive together are said in one line', () => {
    const first = nextLiveAnnouncement(null, 's1', history, 'Kiri');
    const next = nextLiveAnnouncement(
      first,
      's1',
      [...history, kiri('k2', 'Oh. '), kiri('k3', 'That sounds heavy.')],
      'Kiri',
    );
    expect(next.text).toBe('Kiri: Oh. That sounds heavy.');
    expect(next.key).toBe('k3');
  });

  it(`a catch-up of many new Kiri messages says only the last ${MAX_ANNOUNCED_MESSAGES}`, () => {
    const first = nextLiveAnnouncement(null, 's1', [], 'Kiri');
    const synced = Array.from({ length: 8 }, (_, i) => kiri(`k${i}`, `m${i}`));
    expect(nextLiveAnnouncement(first, 's1', synced, 'Kiri').text).toBe('Kiri: m5 m6 m7');
  });

  it('a new empty chat announces its greeting', () => {
    const first = nextLiveAnnouncement(null, 's1', [], 'Kiri');
    expect(nextLiveAnnouncement(first, 's1', [kiri('k1', 'Hello there!')], 'Kiri').text).toBe(
      'Kiri: Hello there!',
    );
  });

  it("another session's messages are its history, not news", () => {
    const first = nextLiveAnnouncement(null, 's1', history, 'Kiri');
    const other = nextLiveAnnouncement(first, 's2', [kiri('x1', 'Yesterday')], 'Kiri');
    expect(other.text).toBe('');
    expect(other.sessionId).toBe('s2');
  });

  it('a Kiri message without text (a photo) is not said', () => {
    const first = nextLiveAnnouncement(null, 's1', history, 'Kiri');
    expect(nextLiveAnnouncement(first, 's1', [...history, kiri('k2', '  ')], 'Kiri').text).toBe('');
  });
});
