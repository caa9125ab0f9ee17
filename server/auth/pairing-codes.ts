// Short-lived codes with which an owner device enrols another of the owner's devices.
// Kept in memory only: a code lives ten minutes, and a restart simply asks for a new one.
import { normalizeTypedCode, randomCode, sha256Hex } from './tokens';

export const PAIRING_CODE_LENGTH = 8;
export const PAIRING_CODE_TTL_MS = 10 * 60_000;

interface IssuedCode {
  ownerUserId: string;
  expiresAt: number;
}

export class PairingCodes {
  /** Keyed by the code's hash, so that looking a code up takes no time that depends on its text. */
  private readonly codes = new Map<string, IssuedCode>();

  constructor(private readonly clock: () => number) {}

  /** A new code for this owner; any earlier code of theirs stops working. */
  issue(ownerUserId: string): { code: string; expiresAt: number } {
    this.forgetExpired();
    for (const [key, issued] of this.codes) {
      if (issued.ownerUserId === ownerUserId) this.codes.delete(key);
    }
    const code = randomCode(PAIRING_CODE_LENGTH);
    const expiresAt = this.clock() + PAIRING_CODE_TTL_MS;
    this.codes.set(sha256Hex(code), { ownerUserId, expiresAt });
    return { code, expiresAt };
  }

  /** The owner who issued the code, if it is valid; it is used up either way. */
  redeem(typed: string): string | null {
    this.forgetExpired();
    const key = sha256Hex(normalizeTypedCode(typed));
    const issued = this.codes.get(key);
    if (!issued) return null;
    this.codes.delete(key);
    return issued.ownerUserId;
  }

  /** Codes issued by a removed user must not enrol anyone. */
  revokeFrom(ownerUserId: string): void {
    for (const [key, issued] of this.codes) {
      if (issued.ownerUserId === ownerUserId) this.codes.delete(key);
    }
  }

  private forgetExpired(): void {
    const now = this.clock();
    for (const [key, issued] of this.codes) {
      if (issued.expiresAt <= now) this.codes.delete(key);
    }
  }
}
