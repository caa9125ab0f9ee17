// The paths that open the chat (spec 000 §2.2). No imports: the opening snapshot (src/snapshot.ts)
// runs this before the app's code has loaded.
export const CHAT_PATHS: readonly string[] = ['/', '/full-chat', '/full'];

export function isChatPath(pathname: string): boolean {
  return CHAT_PATHS.includes(pathname);
}
