// 'wake me up at 7' read as the reminder it asks for, by the server's reminder reader and the engine's
// (its own module: the server's reader needs nothing else of the engine's reminder reading).
/**
 * Rule wakeAsReminder: 'wake me up at 7', 'can you wake me at 6:30 tomorrow?' is a reminder to wake up
 * (a push at that time: she has no alarm), read as 'remind me to wake up at 7'. Only a message that
 * opens with the asking; anything else is returned as it is.
 */
export function wakeAsReminder(message: string): string {
  return message.replace(
    /^(\s*(?:(?:hey|hi|kiri|please|pls|and|also)[\s,]+)*(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?)wake\s+me(?:\s+up)?\b/i,
    '$1remind me to wake up',
  );
}
