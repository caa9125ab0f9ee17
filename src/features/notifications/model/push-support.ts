// Whether this browser can take Kiri's pushes (spec 002 §5: a service worker, push and notification
// support), and the iPhone case: Safari has none of it in a tab, only in the Home Screen app (16.4+),
// so there the card says how to add Kiri to the Home Screen instead of 'Not Supported'.

export type PushSupport = 'supported' | 'needs-home-screen' | 'unsupported';

export interface PushEnvironment {
  serviceWorker: boolean;
  pushManager: boolean;
  notification: boolean;
  /** An iPhone or iPad (iPadOS says it is a Mac, with a touch screen). */
  ios: boolean;
  /** Opened from the Home Screen icon. */
  standalone: boolean;
}

export function pushSupport(env: PushEnvironment): PushSupport {
  if (env.ios && !env.standalone) return 'needs-home-screen';
  return env.serviceWorker && env.pushManager && env.notification ? 'supported' : 'unsupported';
}

/** iPhone, iPod, iPad; and iPadOS 13+, which reports a Mac's user agent but has a touch screen. */
export function isIosDevice(userAgent: string, maxTouchPoints: number): boolean {
  if (/\b(iPhone|iPod|iPad)\b/.test(userAgent)) return true;
  return /\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1;
}

export type PushPermission = 'default' | 'granted' | 'denied';

export interface PushCardInput {
  support: PushSupport;
  permission: PushPermission;
  subscribed: boolean;
  /** A request (enable, disable, test) is on its way. */
  busy: boolean;
}

export interface PushCardView {
  /** 'Enabled' when this device gets pushes; 'Blocked' when the owner refused them; else none. */
  badge: 'Enabled' | 'Blocked' | null;
  showEnable: boolean;
  showDisable: boolean;
  showTest: boolean;
  enableDisabled: boolean;
  /** The browser-settings warning (spec 002: permission denied). */
  deniedWarning: boolean;
}

/** Spec 002 §4 push states (permission default/granted/denied; subscribed or not) as the card shows them. */
export function pushCardView(input: PushCardInput): PushCardView {
  const none: PushCardView = {
    badge: null,
    showEnable: false,
    showDisable: false,
    showTest: false,
    enableDisabled: true,
    deniedWarning: false,
  };
  if (input.support !== 'supported') return none;
  if (input.permission === 'denied') return { ...none, badge: 'Blocked', deniedWarning: true };
  const enabled = input.permission === 'granted' && input.subscribed;
  return {
    badge: enabled ? 'Enabled' : null,
    showEnable: !enabled,
    showDisable: enabled,
    showTest: enabled,
    enableDisabled: input.busy,
    deniedWarning: false,
  };
}
