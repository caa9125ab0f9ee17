// The registration name rules (spec 000 §5), shared by the dialog and the server.

export const REGISTRATION_ERRORS = {
  required: 'Please enter your name',
  tooShort: 'Name must be at least 2 characters long',
  ownerName: 'Please enter your actual name',
} as const;

export type NameCheck = { ok: true; name: string } | { ok: false; error: string };

/**
 * Checks a display name. `ownerName` is the owner's first name (OWNER_NAME); the rule that forbids it
 * applies only to someone who is not the owner, and only when the server knows the name.
 */
export function checkRegistrationName(
  raw: string,
  options: { ownerName?: string | undefined; isOwner?: boolean } = {},
): NameCheck {
  const name = raw.trim();
  if (name === '') return { ok: false, error: REGISTRATION_ERRORS.required };
  if (name.length < 2) return { ok: false, error: REGISTRATION_ERRORS.tooShort };
  const ownerName = options.ownerName?.trim();
  if (ownerName && !options.isOwner && name.toLowerCase() === ownerName.toLowerCase()) {
    return { ok: false, error: REGISTRATION_ERRORS.ownerName };
  }
  return { ok: true, name };
}
