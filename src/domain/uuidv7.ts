// UUIDv7 (RFC 9562): time-ordered ids made on the device, so that "a newer message has a greater id" holds.

type RandomSource = (bytes: Uint8Array) => Uint8Array;

/**
 * Random bytes drawn 4 KiB at a time (as Node's randomUUID does): the server makes three ids per chat,
 * and a call into the system's generator costs more than the rest of an id.
 */
const pool = new Uint8Array(4096);
let poolUsed = pool.length;

const defaultRandom: RandomSource = (bytes) => {
  if (poolUsed + bytes.length > pool.length) {
    globalThis.crypto.getRandomValues(pool);
    poolUsed = 0;
  }
  bytes.set(pool.subarray(poolUsed, poolUsed + bytes.length));
  poolUsed += bytes.length;
  return bytes;
};

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

let lastMs = -1;
let lastSeq = 0;

/**
 * A new UUIDv7. Within one millisecond the 12-bit `rand_a` field counts up (RFC 9562 §6.2, method 1),
 * so ids made in a burst still sort in the order they were made.
 */
export function uuidv7(now: number = Date.now(), random: RandomSource = defaultRandom): string {
  const bytes = random(new Uint8Array(16));
  let ms = now;
  if (ms <= lastMs) {
    ms = lastMs;
    lastSeq += 1;
    if (lastSeq > 0xfff) {
      ms = lastMs + 1;
      lastSeq = 0;
    }
  } else {
    lastSeq = (bytes[6]! & 0x07) << 8; // start low in the counter space, leaving room to count up
  }
  lastMs = ms;
  const high = Math.floor(ms / 2 ** 16);
  const low = ms % 2 ** 16;
  bytes[0] = (high >>> 24) & 0xff;
  bytes[1] = (high >>> 16) & 0xff;
  bytes[2] = (high >>> 8) & 0xff;
  bytes[3] = high & 0xff;
  bytes[4] = (low >>> 8) & 0xff;
  bytes[5] = low & 0xff;
  bytes[6] = 0x70 | ((lastSeq >>> 8) & 0x0f);
  bytes[7] = lastSeq & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  let id = '';
  for (let i = 0; i < 16; i += 1) {
    if (i === 4 || i === 6 || i === 8 || i === 10) id += '-';
    id += HEX[bytes[i]!]!;
  }
  return id;
}

export const UUID_V7_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The creation time (ms) written into a UUIDv7. */
export function uuidv7Time(id: string): number {
  return parseInt(id.replace(/-/g, '').slice(0, 12), 16);
}
