import { describe, expect, it } from 'vitest';
import { isTooLong, MAX_MESSAGE_LENGTH, withoutRefusableHistory } from '@/domain/chat-limits';

describe('a message is at most 10,000 characters', () => {
  it('takes 10,000 and refuses 10,001', () => {
    expect(MAX_MESSAGE_LENGTH).toBe(10_000);
    expect(isTooLong('a'.repeat(10_000))).toBe(false);
    expect(isTooLong('a'.repeat(10_001))).toBe(true);
  });
});

describe('a body kept for Retry drops history entries the server would refuse', () => {
  it('drops a too long entry and keeps the rest as it was', () => {
    const body = JSON.stringify({
      message: 'hello',
      userName: 'Mei',
      history: [
        { message: 'short', sender: 'user', timestamp: 1 },
        { message: 'y'.repeat(10_001), sender: 'user', timestamp: 2 },
      ],
    });
    expect(JSON.parse(withoutRefusableHistory(body))).toEqual({
      message: 'hello',
      userName: 'Mei',
      history: [{ message: 'short', sender: 'user', timestamp: 1 }],
    });
  });

  it('leaves a body with nothing to drop byte for byte, and a body that is not JSON alone', () => {
    const body = '{"message":"hi","history":[{"message":"a","sender":"kiri","timestamp":1}]}';
    expect(withoutRefusableHistory(body)).toBe(body);
    expect(withoutRefusableHistory('not json')).toBe('not json');
    expect(withoutRefusableHistory('{"message":"no history"}')).toBe('{"message":"no history"}');
  });
});
