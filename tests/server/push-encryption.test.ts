// RFC 8291 encryption on the worker thread with sender key pairs made ahead: every body decrypts
// with the browser's keys, and no sender key pair or salt is ever used for two messages, whether it
// came from the pool or was made on the way.
import { afterEach, describe, expect, it } from 'vitest';
import {
  UnusableSubscriptionError,
  WorkerEncryptor,
  type PushEncryptor,
} from '../../server/push/push-encryption';
import { FakeBrowserPush } from './support/fake-push-service';

const PAYLOAD = JSON.stringify({ title: 'Kiri', body: 'Good morning ~ did you sleep well? 🌅' });

/** The aes128gcm header (RFC 8188 §2.1): salt, record size, then the sender's public key. */
function headerOf(body: Buffer): { salt: string; senderKey: string } {
  const idLength = body[20]!;
  return {
    salt: body.subarray(0, 16).toString('hex'),
    senderKey: body.subarray(21, 21 + idLength).toString('hex'),
  };
}

const devices = Array.from(
  { length: 5 },
  (_, i) => new FakeBrowserPush(`https://127.0.0.1/push/${i}`),
);
const keysOf = (list: FakeBrowserPush[]) => list.map((d) => d.subscription.keys);

let open: PushEncryptor[] = [];
afterEach(async () => {
  await Promise.all(open.map((e) => e.close()));
  open = [];
});

function encryptor(
  poolSize: number,
  onFailure?: (error: unknown) => void,
  prepareAhead = false,
): WorkerEncryptor {
  const made = new WorkerEncryptor({ poolSize, onFailure, prepareAhead });
  open.push(made);
  return made;
}

describe('push encryption on the worker thread', () => {
  it('bodies made from pooled key pairs decrypt, and no key pair or salt serves two messages', async () => {
    // A pool smaller than the fan-outs: the first bodies take pooled pairs, the rest are made on
    // the way, and later fan-outs take pairs from the refilled pool.
    const encrypt = encryptor(3);
    expect((await encrypt.whenPoolFull()).pooled).toBe(3);
    const senderKeys = new Set<string>();
    const salts = new Set<string>();
    let bodies = 0;
    for (let round = 0; round < 4; round++) {
      const made = await Promise.all(encrypt.encrypt(PAYLOAD, keysOf(devices)));
      made.forEach((body, i) => {
        expect(devices[i]!.decrypt(body)).toBe(PAYLOAD);
        const { salt, senderKey } = headerOf(body);
        expect(senderKey).toHaveLength(130);
        senderKeys.add(senderKey);
        salts.add(salt);
        bodies += 1;
      });
      await encrypt.whenPoolFull();
    }
    expect(bodies).toBe(20);
    expect(senderKeys.size).toBe(20);
    expect(salts.size).toBe(20);
  });

  it('without a pool every key pair is made during the fan-out, still one per message', async () => {
    const encrypt = encryptor(0);
    expect((await encrypt.whenPoolFull()).pooled).toBe(0);
    const made = await Promise.all(encrypt.encrypt(PAYLOAD, keysOf([devices[0]!, devices[0]!])));
    expect(made.map((body) => devices[0]!.decrypt(body))).toEqual([PAYLOAD, PAYLOAD]);
    expect(headerOf(made[0]!).senderKey).not.toBe(headerOf(made[1]!).senderKey);
  });

  it('a subscription whose key is not a P-256 point fails alone; the others are encrypted', async () => {
    const encrypt = encryptor(2);
    const bad = {
      p256dh: Buffer.alloc(65, 9).toString('base64url'),
      auth: devices[1]!.subscription.keys.auth,
    };
    const short = {
      p256dh: Buffer.alloc(33, 4).toString('base64url'),
      auth: devices[1]!.subscription.keys.auth,
    };
    const [first, second, third, fourth] = encrypt.encrypt(PAYLOAD, [
      devices[0]!.subscription.keys,
      bad,
      short,
      devices[2]!.subscription.keys,
    ]);
    expect(devices[0]!.decrypt(await first!)).toBe(PAYLOAD);
    await expect(second).rejects.toBeInstanceOf(UnusableSubscriptionError);
    await expect(third).rejects.toThrow(/65 bytes/);
    expect(devices[2]!.decrypt(await fourth!)).toBe(PAYLOAD);
  });

  it('when the worker dies, fan-outs are encrypted in the calling thread and still decrypt', async () => {
    const failures: unknown[] = [];
    const encrypt = encryptor(2, (error) => failures.push(error));
    await encrypt.whenPoolFull();
    expect(encrypt.running).toBe(true);
    const worker = (encrypt as unknown as { worker: { terminate(): Promise<number> } }).worker;
    await worker.terminate();
    await expect.poll(() => failures.length).toBe(1);
    expect(encrypt.running).toBe(false);
    const made = await Promise.all(encrypt.encrypt(PAYLOAD, keysOf(devices.slice(0, 2))));
    expect(made.map((body, i) => devices[i]!.decrypt(body))).toEqual([PAYLOAD, PAYLOAD]);
    expect(headerOf(made[0]!).senderKey).not.toBe(headerOf(made[1]!).senderKey);
  });

  it('content keys made ahead: the next message to each device decrypts, each key serves one message', async () => {
    const encrypt = encryptor(2, undefined, true);
    const senderKeys = new Set<string>();
    const salts = new Set<string>();
    const sealed: boolean[] = [];
    for (let round = 0; round < 4; round++) {
      const before = encrypt.preparedCount;
      const made = await Promise.all(encrypt.encrypt(PAYLOAD, keysOf(devices)));
      // Every device's prepared key was taken out by this message, none left to use again.
      sealed.push(before === devices.length && encrypt.preparedCount === 0);
      made.forEach((body, i) => {
        expect(devices[i]!.decrypt(body)).toBe(PAYLOAD);
        const { salt, senderKey } = headerOf(body);
        senderKeys.add(senderKey);
        salts.add(salt);
      });
      // What PushService does once no fan-out is posting any more.
      encrypt.prepare(keysOf(devices));
      await encrypt.whenPoolFull();
      expect(encrypt.preparedCount).toBe(devices.length);
    }
    // The first fan-out found none made; the next three were sealed from keys made ahead.
    expect(sealed).toEqual([false, true, true, true]);
    expect(senderKeys.size).toBe(4 * devices.length);
    expect(salts.size).toBe(4 * devices.length);
  });

  it('a device reached twice in one fan-out uses its prepared key once and gets a fresh one for the other', async () => {
    const encrypt = encryptor(0, undefined, true);
    encrypt.prepare(keysOf([devices[0]!]));
    await encrypt.whenPoolFull();
    expect(encrypt.preparedCount).toBe(1);
    const made = await Promise.all(encrypt.encrypt(PAYLOAD, keysOf([devices[0]!, devices[0]!])));
    expect(made.map((body) => devices[0]!.decrypt(body))).toEqual([PAYLOAD, PAYLOAD]);
    expect(headerOf(made[0]!).senderKey).not.toBe(headerOf(made[1]!).senderKey);
    expect(headerOf(made[0]!).salt).not.toBe(headerOf(made[1]!).salt);
  });

  it('close stops the worker thread', async () => {
    const encrypt = encryptor(1);
    await encrypt.whenPoolFull();
    expect(encrypt.running).toBe(true);
    await encrypt.close();
    expect(encrypt.running).toBe(false);
  });
});
