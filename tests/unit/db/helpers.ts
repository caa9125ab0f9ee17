import { KiriDatabase } from '@/db/schema';

let counter = 0;

/** A fresh database per test (fake-indexeddb), so tests never share state. */
export function freshDb(): KiriDatabase {
  counter += 1;
  return new KiriDatabase(`kiri-test-${counter}-${Math.random().toString(36).slice(2)}`);
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
