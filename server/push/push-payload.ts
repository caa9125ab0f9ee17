// What goes into one push: the payload the worker reads (fitted under the size limit) and the
// headers that tell the push service how long to keep it, how urgent it is and what it replaces.
import { createHash } from 'node:crypto';
import type { PushMessage, PushUrgency } from './push-sender';

/**
 * The payload the worker receives, as JSON. Under 3 KB: the protocol's limit is 4096 bytes of
 * ciphertext (3993 of plaintext with web-push's padding), and some services take less.
 */
export const MAX_PAYLOAD_BYTES = 3 * 1024;
/** Most pushes are about now: a morning greeting that arrives in the evening is worse than none. */
export const DEFAULT_TTL_SECONDS = 4 * 60 * 60;
/** Hours, not weeks (web-push's own default is four weeks). */
export const MAX_TTL_SECONDS = 24 * 60 * 60;
export const DEFAULT_URGENCY: PushUrgency = 'normal';
export const MAX_TITLE_CHARACTERS = 120;
export const MAX_TAG_CHARACTERS = 64;
/**
 * Each field's share of the payload, in bytes of its JSON text, so that at least a kilobyte is left
 * for the body whatever the other fields hold (a title of 120 characters can still be kilobytes).
 */
export const MAX_TITLE_BYTES = 512;
export const MAX_TAG_BYTES = 128;
export const MAX_URL_BYTES = 1024;
export const MAX_MESSAGE_ID_BYTES = 128;
const ELLIPSIS = '…';

export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  messageId?: string;
}

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

function jsonBytes(text: string): number {
  return Buffer.byteLength(JSON.stringify(text), 'utf8');
}

/**
 * At most `maxCharacters` characters as a person counts them (an emoji or an accented letter is never
 * cut) and at most `maxBytes` of JSON text; '…' shows that something was cut.
 */
export function clipText(text: string, maxCharacters: number, maxBytes = Infinity): string {
  let parts = graphemes(text);
  if (parts.length <= maxCharacters && jsonBytes(text) <= maxBytes) return text;
  parts = parts.slice(0, Math.max(0, maxCharacters - 1));
  while (parts.length > 0 && jsonBytes(parts.join('') + ELLIPSIS) > maxBytes) parts.pop();
  return parts.join('') + ELLIPSIS;
}

function bytesOf(payload: PushPayload): number {
  return Buffer.byteLength(JSON.stringify(payload), 'utf8');
}

/**
 * The rule of the payload size: the JSON is at most `maxBytes` of UTF-8. The title, tag and URL are
 * clipped to their own limits first (a URL too long to clip safely becomes '/'), then the body loses
 * whole characters from its end, with '…' to show it was cut. JSON escapes (quotes, new lines) and
 * multi-byte characters are counted as they are sent.
 */
export function fitPayload(message: PushMessage, maxBytes = MAX_PAYLOAD_BYTES): PushPayload {
  const base: PushPayload = {
    title: clipText(message.title, MAX_TITLE_CHARACTERS, MAX_TITLE_BYTES),
    body: message.body,
    // A cut URL would open the wrong place: too long, and the notification opens the app.
    url: jsonBytes(message.url) <= MAX_URL_BYTES ? message.url : '/',
    tag: clipText(message.tag, MAX_TAG_CHARACTERS, MAX_TAG_BYTES),
    ...(message.messageId === undefined || jsonBytes(message.messageId) > MAX_MESSAGE_ID_BYTES
      ? {}
      : { messageId: message.messageId }),
  };
  if (bytesOf(base) <= maxBytes) return base;
  const parts = graphemes(message.body);
  // The longest prefix that fits, by bisection: the size grows with the prefix, escapes included.
  let low = 0;
  let high = parts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const body = parts.slice(0, middle).join('') + ELLIPSIS;
    if (bytesOf({ ...base, body }) <= maxBytes) low = middle;
    else high = middle - 1;
  }
  const fitted = { ...base, body: parts.slice(0, low).join('') + ELLIPSIS };
  if (bytesOf(fitted) > maxBytes) {
    throw new Error(`A push payload cannot fit in ${maxBytes} bytes even with an empty body`);
  }
  return fitted;
}

const TOPIC_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * The rule of the Topic header (RFC 8030 §5.4): at most 32 characters of the URL-safe base64
 * alphabet. A topic that already is one is sent as it is; any other is replaced by a hash of it, so
 * that equal topics still replace each other.
 */
export function pushTopicOf(topic: string): string {
  if (TOPIC_PATTERN.test(topic)) return topic;
  return createHash('sha256').update(topic, 'utf8').digest('base64url').slice(0, 32);
}

/** The rule of the TTL: whole seconds from 0 to MAX_TTL_SECONDS, DEFAULT_TTL_SECONDS when not given. */
export function pushTtlOf(ttlSeconds: number | undefined): number {
  if (ttlSeconds === undefined || !Number.isFinite(ttlSeconds)) return DEFAULT_TTL_SECONDS;
  return Math.min(MAX_TTL_SECONDS, Math.max(0, Math.floor(ttlSeconds)));
}
