import { describe, expect, it } from 'vitest';
import {
  batchTimeoutMs,
  chatBatchBody,
  chatBatchLength,
  CHAT_BATCH_MAX,
  CHAT_BATCH_MAX_BYTES,
  readBatchAnswer,
  sendOneByOneAfter,
} from '@/domain/outbox-batch';

const chat = (body = '{"message":"hi"}') => ({
  kind: 'chat',
  method: 'POST',
  url: '/api/chat',
  body,
});

describe('waiting chat messages are sent in batches', () => {
  it('takes the run of chat messages at the front, up to the batch size', () => {
    expect(chatBatchLength([chat(), chat(), chat()], '/api/chat')).toBe(3);
    expect(
      chatBatchLength(
        Array.from({ length: 40 }, () => chat()),
        '/api/chat',
      ),
    ).toBe(CHAT_BATCH_MAX);
    expect(chatBatchLength([chat(), chat(), chat()], '/api/chat', 2)).toBe(2);
  });

  it('stops at anything else: a photo, another write, a chat entry with no body or another url', () => {
    const photo = { kind: 'image', method: 'POST', url: '/api/images/upload', body: null };
    expect(chatBatchLength([chat(), chat(), photo, chat()], '/api/chat')).toBe(2);
    expect(chatBatchLength([chat(), { ...chat(), body: null }], '/api/chat')).toBe(1);
    expect(chatBatchLength([chat(), { ...chat(), url: '/api/other' }], '/api/chat')).toBe(1);
    expect(chatBatchLength([photo, chat(), chat()], '/api/chat')).toBe(0);
  });

  it('is no batch with fewer than two: one message goes alone', () => {
    expect(chatBatchLength([chat()], '/api/chat')).toBe(1);
    expect(chatBatchLength([], '/api/chat')).toBe(0);
  });

  it('keeps a batch under its byte limit; a larger message goes alone', () => {
    const half = chat(`"${'x'.repeat(CHAT_BATCH_MAX_BYTES / 2)}"`);
    expect(chatBatchLength([half, half, chat()], '/api/chat')).toBe(1);
    expect(chatBatchLength([chat(), half, half], '/api/chat')).toBe(2);
    const huge = chat('x'.repeat(CHAT_BATCH_MAX_BYTES * 2));
    expect(chatBatchLength([huge, chat()], '/api/chat')).toBe(1);
  });

  it('carries each message’s key and exact body text', () => {
    const text = chatBatchBody([
      { key: 'a', body: '{"message":"one"}' },
      { key: 'b', body: '{"message": "two" }' },
    ]);
    expect(JSON.parse(text)).toEqual({
      messages: [
        { key: 'a', body: '{"message":"one"}' },
        { key: 'b', body: '{"message": "two" }' },
      ],
    });
  });
});

describe("a batch's answer is read strictly, one result per message in order", () => {
  const keys = ['a', 'b', 'c'];
  it('reads a prefix of results whose keys are the messages’ own', () => {
    const json = {
      results: [
        { key: 'a', status: 200, answer: { kiriMessages: [] }, replayed: false },
        { key: 'b', status: 422, answer: { success: false, error: 'no' }, replayed: false },
      ],
    };
    expect(readBatchAnswer(json, keys)).toEqual([
      { status: 200, json: { kiriMessages: [] } },
      { status: 422, json: { success: false, error: 'no' } },
    ]);
  });

  it('refuses anything else: out of order, unknown keys, too many, none, not an object', () => {
    const item = (key: string) => ({ key, status: 200, answer: {} });
    expect(readBatchAnswer({ results: [item('b'), item('a')] }, keys)).toBeNull();
    expect(readBatchAnswer({ results: [item('x')] }, keys)).toBeNull();
    expect(readBatchAnswer({ results: [item('a'), item('b'), item('c'), item('d')] }, keys)).toBe(
      null,
    );
    expect(readBatchAnswer({ results: [] }, keys)).toBeNull();
    expect(readBatchAnswer({ kiriMessages: [] }, keys)).toBeNull();
    expect(readBatchAnswer(null, keys)).toBeNull();
    expect(readBatchAnswer({ results: [{ key: 'a', status: '200' }] }, keys)).toBeNull();
  });
});

describe('a batch refused as such is sent one by one; the server’s “later” is not', () => {
  it('goes one by one after 400, 404, 405, 413, 415', () => {
    for (const status of [400, 404, 405, 413, 415]) expect(sendOneByOneAfter(status)).toBe(true);
  });
  it('waits as a single message would after 401, 408, 429 and 5xx', () => {
    for (const status of [401, 408, 429, 500, 503]) expect(sendOneByOneAfter(status)).toBe(false);
  });
  it('gives a batch a message’s timeout per message in it', () => {
    expect(batchTimeoutMs(15_000, 4)).toBe(60_000);
    expect(batchTimeoutMs(15_000, 0)).toBe(15_000);
  });
});
