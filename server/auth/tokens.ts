// Random tokens for cookies and short codes people type, and the hash under which the server keeps them.
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 32 random bytes, base64url: the session id and the device token. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The server keeps only this, so a copy of auth.json cannot be replayed as a cookie. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** No 0/O, 1/I/L: codes are read off one screen and typed on another. */
export const UNAMBIGUOUS_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i += 1)
    code += UNAMBIGUOUS_ALPHABET[randomInt(UNAMBIGUOUS_ALPHABET.length)];
  return code;
}

/** How a typed code is compared: case, spaces and dashes do not matter. */
export function normalizeTypedCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]+/g, '');
}
