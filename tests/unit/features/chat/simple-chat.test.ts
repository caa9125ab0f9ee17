import { describe, expect, it } from 'vitest';
import { simpleChatBody, simpleReplyParts } from '@/features/chat/model/simple-chat';
import { SIMPLE_CHAT_TEXT } from '@/features/chat/model/texts';

describe('minimal chat screen', () => {
  it("has the spec's words", () => {
    expect(SIMPLE_CHAT_TEXT).toMatchObject({
      placeholder: 'Type a message...',
      busy: '...',
      greeting: 'helloooo is me~~~',
      failure: "Sorry, I'm having trouble connecting right now.",
    });
  });

  it('reads split parts with their delays, or the other reply shapes', () => {
    expect(
      simpleReplyParts({
        kiriMessages: [
          { id: 'a', message: 'one' },
          { id: 'b', message: 'two' },
        ],
        splitMessageTimings: [0, 900],
      }),
    ).toEqual([
      { text: 'one', delayMs: 0 },
      { text: 'two', delayMs: 900 },
    ]);
    expect(simpleReplyParts({ kiriResponse: { message: 'hey' } })).toEqual([
      { text: 'hey', delayMs: 0 },
    ]);
    expect(simpleReplyParts({ response: 'yo' })).toEqual([{ text: 'yo', delayMs: 0 }]);
  });

  it("an empty reply falls back to 'I'm here with you...'", () => {
    expect(simpleReplyParts({ kiriMessages: [] })).toEqual([
      { text: "I'm here with you...", delayMs: 0 },
    ]);
    expect(simpleReplyParts(null)).toEqual([{ text: "I'm here with you...", delayMs: 0 }]);
  });

  it('posts { message, history } with the last 10 bubbles, failed ones left out', () => {
    const bubbles = Array.from({ length: 12 }, (_, i) => ({
      id: String(i),
      sender: 'user' as const,
      message: `m${i}`,
      timestamp: i,
      failed: i === 11,
    }));
    const body = simpleChatBody('hi', bubbles);
    expect(body.message).toBe('hi');
    expect(body.history).toHaveLength(10);
    expect(body.history.at(-1)).toEqual({ message: 'm10', sender: 'user', timestamp: 10 });
  });
});
