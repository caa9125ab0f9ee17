// A self-signed certificate for 127.0.0.1 and localhost, made with node:crypto alone: a P-256 key and
// a hand-built X.509 v3 (a few dozen bytes of DER), so the tests need no certificate library.
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function der(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

const sequence = (...content: Buffer[]) => der(0x30, ...content);

function oid(text: string): Buffer {
  const [first = 0, second = 0, ...rest] = text.split('.').map(Number);
  const bytes = [40 * first + second];
  for (const arc of rest) {
    const groups: number[] = [];
    for (let value = arc; ; value = Math.floor(value / 128)) {
      groups.unshift(value % 128);
      if (value < 128) break;
    }
    bytes.push(...groups.map((group, i) => (i < groups.length - 1 ? group | 0x80 : group)));
  }
  return der(0x06, Buffer.from(bytes));
}

function utcTime(date: Date): Buffer {
  const text = date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z';
  return der(0x17, Buffer.from(text, 'ascii'));
}

const ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2';
const COMMON_NAME = '2.5.4.3';
const SUBJECT_ALT_NAME = '2.5.29.17';

export interface TestCertificate {
  /** PEM: what the server presents and what the client's agent trusts (`ca`). */
  cert: string;
  key: string;
}

/** Valid from a day ago to a day from now (TLS checks the real time, not a test's fake clock). */
export function makeSelfSignedCertificate(): TestCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const name = sequence(
    der(0x31, sequence(oid(COMMON_NAME), der(0x0c, Buffer.from('localhost', 'utf8')))),
  );
  const serial = randomBytes(8);
  // Positive (top bit clear) and minimal (a first byte of 0 before a byte under 0x80 is illegal DER
  // padding, which OpenSSL refuses: 1 certificate in 128 failed to load before).
  serial[0] = 1 + (serial[0]! % 0x7f);
  const now = Date.now();
  const altNames = sequence(
    der(0x82, Buffer.from('localhost', 'ascii')),
    der(0x87, Buffer.from([127, 0, 0, 1])),
  );
  const tbs = sequence(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, serial),
    sequence(oid(ECDSA_WITH_SHA256)),
    name,
    sequence(utcTime(new Date(now - 86_400_000)), utcTime(new Date(now + 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    der(0xa3, sequence(sequence(oid(SUBJECT_ALT_NAME), der(0x04, altNames)))),
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = sequence(
    tbs,
    sequence(oid(ECDSA_WITH_SHA256)),
    der(0x03, Buffer.from([0]), signature),
  );
  const lines = certificate.toString('base64').match(/.{1,64}/g) ?? [];
  return {
    cert: `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`,
    key: String(privateKey.export({ type: 'pkcs8', format: 'pem' })),
  };
}
