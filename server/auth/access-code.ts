// The single access code: generated or configured, kept only as a scrypt hash, checked in constant time.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { AuthStore, ScryptParams, StoredAccessCode } from '../store/auth-store';
import { normalizeTypedCode, randomCode } from './tokens';

/** OWASP's scrypt parameters. They need 128 MiB per hash, above Node's default maxmem of 32 MiB. */
export const PRODUCTION_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1, keyLength: 32 };
const SCRYPT_MAXMEM = 256 * 1024 * 1024;

function scryptHash(secret: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      secret,
      salt,
      params.keyLength,
      { N: params.N, r: params.r, p: params.p, maxmem: SCRYPT_MAXMEM },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** Four groups of four from the unambiguous alphabet: about 79 bits. */
export function generateAccessCode(): string {
  return randomCode(16).replace(/(.{4})(?=.)/g, '$1-');
}

function canonical(code: string, kind: StoredAccessCode['kind']): string {
  // A generated code is read off a terminal and typed on a phone, so its spelling is forgiving;
  // a configured one is whatever the owner chose, compared exactly (up to Unicode normalisation).
  return kind === 'generated' ? normalizeTypedCode(code) : code.normalize('NFC');
}

export async function hashAccessCode(
  code: string,
  kind: StoredAccessCode['kind'],
  params: ScryptParams,
): Promise<StoredAccessCode> {
  const salt = randomBytes(16);
  const hash = await scryptHash(canonical(code, kind), salt, params);
  return {
    kind,
    salt: salt.toString('base64'),
    hash: hash.toString('base64'),
    params: { ...params },
  };
}

export async function verifyAccessCode(typed: string, stored: StoredAccessCode): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64');
  const actual = await scryptHash(
    canonical(typed, stored.kind),
    Buffer.from(stored.salt, 'base64'),
    stored.params,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function sameParams(a: ScryptParams, b: ScryptParams): boolean {
  return a.N === b.N && a.r === b.r && a.p === b.p && a.keyLength === b.keyLength;
}

/**
 * Makes sure auth.json holds the access code's hash before the server takes requests.
 * ACCESS_CODE wins over what is stored; without it a stored code is kept, and on a fresh DATA_DIR one is
 * generated. Returns the generated code so that the caller can show it, once.
 */
export async function prepareAccessCode(
  store: AuthStore,
  configuredCode: string | undefined,
  params: ScryptParams = PRODUCTION_SCRYPT_PARAMS,
): Promise<{ generatedCode: string | null }> {
  const stored = store.data.accessCode;
  if (configuredCode !== undefined) {
    const matches = stored !== null && (await verifyAccessCode(configuredCode, stored));
    const upToDate = matches && stored.kind === 'configured' && sameParams(stored.params, params);
    if (!upToDate) {
      const accessCode = await hashAccessCode(configuredCode, 'configured', params);
      await store.update((data) => {
        data.accessCode = accessCode;
        // A new code usually means the old one got around: whoever logged in with it is logged out.
        if (stored !== null && !matches) data.sessions = {};
      });
    }
    return { generatedCode: null };
  }
  if (stored !== null) return { generatedCode: null };
  const generatedCode = generateAccessCode();
  const accessCode = await hashAccessCode(generatedCode, 'generated', params);
  await store.update((data) => {
    data.accessCode = accessCode;
  });
  return { generatedCode };
}
