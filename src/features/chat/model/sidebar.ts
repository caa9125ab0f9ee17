// The chat sidebar (spec 000 §2.5): its links, and a System Status made only of real values.

export const SIDEBAR_WIDTH_PX = 260;
/** Spec 000 §9: the mobile breakpoint. At or below it the sidebar is an overlay. */
export const MOBILE_QUERY = '(max-width: 768px)';
export const APP_VERSION = 'v2.3';

export const NAV_LINKS: readonly { to: string; label: string }[] = [
  { to: '/', label: 'Chat' },
  { to: '/core-systems', label: 'Core Systems' },
  { to: '/mirror-bridge', label: 'Mirror Bridge' },
  { to: '/consciousness', label: 'Consciousness' },
  { to: '/hybrid-dashboard', label: 'Hybrid Dashboard' },
  { to: '/system-features', label: 'System Features' },
  { to: '/whisperbridge', label: 'WhisperBridge' },
];

export const COMING_SOON = { label: 'Sanctuary', note: 'Coming soon' } as const;

export function messageCountText(count: number): string {
  return count === 1 ? '1 message' : `${count} messages`;
}

export interface StatusInput {
  personaName: string;
  online: boolean;
  /** The browser says online, but the server did not answer the last status check. */
  serverUnreachable?: boolean;
  waiting: number | undefined;
  /** current_provider from GET /api/fallback-system/status, when it answered. */
  provider: string | null | undefined;
  storagePersisted: boolean | null | undefined;
}

/**
 * The spec shows canned labels here ('Presence Centered', 'Consciousness Streaming'). We show what is
 * true of this device and server, and leave out what we do not know, in words a person understands:
 * no counts without a noun, no 'engine', 'provider' or 'storage' (issue 8 point 9).
 */
export function systemStatusRows(input: StatusInput): { label: string; value: string }[] {
  const connection = !input.online
    ? 'Offline'
    : input.serverUnreachable
      ? 'No answer from the server'
      : 'Connected';
  const rows = [{ label: 'Connection', value: connection }];
  if (input.waiting !== undefined) {
    rows.push({ label: 'Your messages', value: waitingText(input.waiting) });
  }
  if (input.provider) {
    rows.push({ label: 'Replies', value: repliesText(input.provider) });
  }
  if (input.storagePersisted === true) {
    rows.push({ label: 'Chats on this device', value: 'Kept safe' });
  }
  if (input.storagePersisted === false) {
    rows.push({ label: 'Chats on this device', value: 'The browser may clear them' });
  }
  return rows;
}

function waitingText(waiting: number): string {
  if (waiting === 0) return 'All sent';
  return waiting === 1 ? '1 waiting to send' : `${waiting} waiting to send`;
}

/** 'local' is the companion's own engine on the owner's server; any other name is an AI service it calls. */
function repliesText(provider: string): string {
  return provider === 'local' ? 'Made on your server' : `Made with ${provider}`;
}
