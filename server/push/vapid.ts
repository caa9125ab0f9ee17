// VAPID (RFC 8292): the key pair that signs every push request, and the contact (subject) in it.
import webPush from 'web-push';

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url (what the browser's applicationServerKey takes). */
  publicKey: string;
  /** base64url. */
  privateKey: string;
}

/** A subject push services other than Apple's accept; `.invalid` is reserved and never delivers mail. */
export const FALLBACK_VAPID_SUBJECT = 'mailto:kiri@kiri.invalid';

export function generateVapidKeys(): VapidKeys {
  return webPush.generateVAPIDKeys();
}

function isLocalHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '[::1]' ||
    /^127\.\d+\.\d+\.\d+$/.test(name) ||
    name.endsWith('.local') ||
    name.endsWith('.invalid') ||
    name.endsWith('.test') ||
    name.endsWith('.example')
  );
}

/** The host a subject names: an https URL's, or the domain of a mailto address. */
function subjectHost(subject: string): string | null {
  if (!URL.canParse(subject)) return null;
  const url = new URL(subject);
  if (url.protocol === 'https:') return url.hostname;
  if (url.protocol === 'mailto:') return url.pathname.split('@').pop() ?? '';
  return null;
}

export interface VapidSubject {
  /** What goes into the tokens. */
  subject: string;
  /** Said once at start when Apple will refuse the tokens; null when the subject is a real contact. */
  warning: string | null;
}

/**
 * The rule of the VAPID subject: a real contact is used as it is. Unset, or one on a local or
 * reserved name (localhost, *.local, *.test, …): push still works in development with Chrome's,
 * Firefox's and Edge's services, under a fallback subject (web-push would otherwise complain on every
 * send), and the server says once why Apple's service will refuse it.
 */
export function vapidSubjectOf(configured: string | undefined): VapidSubject {
  const why =
    "Apple's push service refuses such tokens (403 BadJwtToken), so iPhones, iPads and Macs will " +
    'get no notifications. Set VAPID_SUBJECT to a real contact, e.g. mailto:you@example.com or ' +
    'https://your.site.';
  if (configured === undefined) {
    return {
      subject: FALLBACK_VAPID_SUBJECT,
      warning: `VAPID_SUBJECT is not set: push uses the placeholder ${FALLBACK_VAPID_SUBJECT}. ${why}`,
    };
  }
  const host = subjectHost(configured);
  if (host === null || host === '' || isLocalHost(host)) {
    return {
      subject: FALLBACK_VAPID_SUBJECT,
      warning: `VAPID_SUBJECT ${configured} names a local address: push uses the placeholder ${FALLBACK_VAPID_SUBJECT}. ${why}`,
    };
  }
  return { subject: configured, warning: null };
}

/** A token lasts 12 hours (web-push's default, under the 24 h the RFC allows): renew well before. */
const TOKEN_REUSE_MS = 60 * 60_000;

/**
 * The Authorization header per push service origin. Signing is an ES256 signature plus a PEM
 * encoding per call; a morning fan-out to many devices of one service reuses one token.
 */
export class VapidTokens {
  private readonly cache = new Map<string, { header: string; madeAt: number }>();

  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
    private readonly now: () => number,
  ) {}

  authorizationFor(endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const now = this.now();
    const cached = this.cache.get(audience);
    if (cached && now - cached.madeAt >= 0 && now - cached.madeAt < TOKEN_REUSE_MS) {
      return cached.header;
    }
    const { Authorization } = webPush.getVapidHeaders(
      audience,
      this.subject,
      this.keys.publicKey,
      this.keys.privateKey,
      'aes128gcm',
    );
    const header = String(Authorization);
    this.cache.set(audience, { header, madeAt: now });
    return header;
  }
}
