// What a push shows and where its click leads (issue 10, DESIGN.md "iOS"). Every push must show a
// notification: Safari revokes a subscription that receives pushes it does not show, so a payload that
// is empty, not JSON or of the wrong shape still shows a plain one from Kiri.

/** The app's icon (public/icons, made by scripts/make-icons.mjs; the manifest's 192 px one). */
export const NOTIFICATION_ICON = '/icons/icon-192.png';
/** The small monochrome mark Android shows in the status bar (white on transparent). */
export const NOTIFICATION_BADGE = '/icons/badge-96.png';
export const DEFAULT_TITLE = 'Kiri';
export const DEFAULT_BODY = 'Kiri sent you a message.';
/** One tag for untagged pushes, so a burst of them stacks into one notification, not a pile. */
export const DEFAULT_TAG = 'kiri-message';
export const TITLE_MAX = 80;
export const BODY_MAX = 300;

/** The server's payload (under 3 KB): {title, body, url, tag, messageId?}. */
export interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
  messageId?: string;
}

export interface NotificationData {
  url: string;
  messageId: string | null;
}

export interface KiriNotification {
  title: string;
  options: {
    body: string;
    icon: string;
    badge: string;
    tag: string;
    data: NotificationData;
  };
}

/** Reads the push's text; anything but a JSON object gives an empty payload (the plain notification). */
export function parsePushPayload(text: string | null | undefined): PushPayload {
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Plain text from a server that did not send JSON is still words for the owner; broken JSON is
    // not, and shows the plain notification.
    const body = text.trim();
    return body && !/^[[{"]/.test(body) ? { body } : {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const record = value as Record<string, unknown>;
  const text_ = (key: string) =>
    typeof record[key] === 'string' && (record[key] as string).trim() !== ''
      ? (record[key] as string).trim()
      : undefined;
  return {
    title: text_('title'),
    body: text_('body'),
    url: text_('url'),
    tag: text_('tag'),
    messageId: text_('messageId'),
  };
}

function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** The notification a push shows: title, body, icon, badge, tag, and what its click needs. */
export function notificationFromPush(text: string | null | undefined): KiriNotification {
  const payload = parsePushPayload(text);
  const messageId = payload.messageId ?? null;
  return {
    title: clip(payload.title ?? DEFAULT_TITLE, TITLE_MAX),
    options: {
      body: clip(payload.body ?? DEFAULT_BODY, BODY_MAX),
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      tag: clip(payload.tag ?? DEFAULT_TAG, 64),
      data: { url: notificationUrl(payload.url, messageId), messageId },
    },
  };
}

/**
 * The chat, naming the message the push is about. The chat opens at today's newest messages, which is
 * where a push's message lands once pulled; the id stays in the URL for a later scroll-to-message.
 */
export function chatUrlFor(messageId: string | null): string {
  return messageId ? `/?message=${encodeURIComponent(messageId)}` : '/';
}

/**
 * The path a click opens. Only a path of the app itself: a payload naming another site (or a
 * `//host` or `javascript:` URL) opens the chat instead, since a push's payload is not the owner's
 * choice. Without a URL: the chat, at the message when the push names one.
 */
export function notificationUrl(url: string | undefined, messageId: string | null): string {
  if (!url || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) {
    return chatUrlFor(messageId);
  }
  return url;
}

/** The notification's data as stored by the browser (an older version's, or none at all). */
export function clickUrl(data: unknown): string {
  if (typeof data !== 'object' || data === null) return '/';
  const { url, messageId } = data as { url?: unknown; messageId?: unknown };
  return notificationUrl(
    typeof url === 'string' ? url : undefined,
    typeof messageId === 'string' ? messageId : null,
  );
}

/** Posted by the worker to the window a click brings forward: the page's router goes there (no reload). */
export const OPEN_URL_MESSAGE = 'KIRI_OPEN_URL';

export interface WindowLike {
  url: string;
  focused?: boolean;
  visibilityState?: string;
}

/**
 * Which open window of the app a click brings forward: the focused one, else a visible one, else the
 * first. Null when none is open (then a new one opens). Windows of another origin are not ours.
 */
export function windowToFocus<T extends WindowLike>(
  windows: readonly T[],
  origin: string,
): T | null {
  const ours = windows.filter((window) => {
    try {
      return new URL(window.url).origin === origin;
    } catch {
      return false;
    }
  });
  return (
    ours.find((window) => window.focused) ??
    ours.find((window) => window.visibilityState === 'visible') ??
    ours[0] ??
    null
  );
}
