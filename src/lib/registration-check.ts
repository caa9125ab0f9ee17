// The registration check's identity in the fetch cache, shared by the auth feature (which fetches it)
// and the chat (which only reads the name from it). Every observer of a query sets its options, the
// last one winning: an observer without this `meta` made the answer persisted, and a 'pending' saved a
// moment before registering came back on the next start as a registration dialog that never left.
export const registrationCheckKey = ['users', 'check-registration'] as const;

export const registrationCheckIdentity = {
  queryKey: registrationCheckKey,
  // A stale 'pending' from an earlier visit must not block an offline app with a dialog that cannot
  // succeed: this answer is never persisted.
  meta: { persist: false },
} as const;
