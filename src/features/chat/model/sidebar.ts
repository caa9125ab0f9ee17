// The chat sidebar (spec 000 §2.5): its links, and a System Status made only of real values.

export { MOBILE_QUERY, SIDEBAR_WIDTH_PX } from './layout';
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
  /**
   * The browser's answer to the request to keep this site's data; null where it cannot be asked (WebKit
   * without its Storage API: Safari before 17, WebKitGTK's defaults); undefined until known.
   */
  storagePersisted: boolean | null | undefined;
  /** Opened from the Home Screen (display-mode: standalone), where Safari does not clear it after 7 days. */
  homeScreen?: boolean;
  /** Spec 000 §2.5: the state call's currentActivity, else 'Active' (model/frame.ts emotionalStateText). */
  emotionalState?: string;
  /**
   * Spec 000 §2.5 'Consciousness Streaming': the consciousness status call's isStreaming (the header's
   * own read, shared); undefined or null while it has not answered, and the row is left out.
   */
  consciousnessStreaming?: boolean | null;
}

/**
 * The spec shows canned labels here ('Presence Centered', 'Consciousness Streaming'). We show what is
 * true of this device and server, and leave out what we do not know, in words a person understands:
 * no counts without a noun, no 'engine', 'provider' or 'storage' (issue 8 point 9). Consciousness is
 * the stream's real state ('Streaming' or 'Paused'); Presence has no value of its own on the server
 * (Kiri's mood is the strip under the header), so it is left out rather than always 'Centered'.
 */
export function systemStatusRows(input: StatusInput): { label: string; value: string }[] {
  const connection = !input.online
    ? 'Offline'
    : input.serverUnreachable
      ? 'No answer from the server'
      : 'Connected';
  const rows = [{ label: 'Connection', value: connection }];
  if (typeof input.consciousnessStreaming === 'boolean') {
    rows.unshift({
      label: 'Consciousness',
      value: input.consciousnessStreaming ? 'Streaming' : 'Paused',
    });
  }
  if (input.emotionalState) rows.unshift({ label: 'Emotional State', value: input.emotionalState });
  if (input.waiting !== undefined) {
    rows.push({ label: 'Your messages', value: waitingText(input.waiting) });
  }
  if (input.provider) {
    rows.push({ label: 'Replies', value: repliesText(input.provider) });
  }
  if (input.storagePersisted === true) {
    rows.push({ label: 'Chats on this device', value: 'Kept safe' });
  }
  if (chatsMayBeCleared(input)) {
    rows.push({ label: 'Chats on this device', value: 'The browser may clear them' });
  }
  return rows;
}

/**
 * Whether the browser may clear the chats kept on this device. A refusal always says so. Where the
 * browser cannot be asked (Safari 16, WebKitGTK), a tab may still lose them: Safari clears a site's
 * storage after 7 days of use without a visit; a Home Screen app is not under that rule.
 */
export function chatsMayBeCleared(
  input: Pick<StatusInput, 'storagePersisted' | 'homeScreen'>,
): boolean {
  if (input.storagePersisted === false) return true;
  return input.storagePersisted === null && input.homeScreen !== true;
}

/**
 * What the owner can do about it: no browser offers to install Kiri in Safari (no beforeinstallprompt),
 * so the sidebar says how, under the status. The server keeps the conversation: a cleared device
 * brings it back at the next start.
 */
export function homeScreenAdvice(
  input: Pick<StatusInput, 'storagePersisted' | 'homeScreen'>,
): string | null {
  if (input.homeScreen === true || !chatsMayBeCleared(input)) return null;
  return 'To keep them, add Kiri to your Home Screen: in Safari, tap Share, then Add to Home Screen. Your server keeps your conversation and brings it back.';
}

function waitingText(waiting: number): string {
  if (waiting === 0) return 'All sent';
  return waiting === 1 ? '1 waiting to send' : `${waiting} waiting to send`;
}

/** 'local' is the companion's own engine on the owner's server; any other name is an AI service it calls. */
function repliesText(provider: string): string {
  return provider === 'local' ? 'Made on your server' : `Made with ${provider}`;
}
