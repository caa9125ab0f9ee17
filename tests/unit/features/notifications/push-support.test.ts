import { describe, expect, it } from 'vitest';
import {
  isIosDevice,
  pushCardView,
  pushSupport,
  type PushEnvironment,
} from '@/features/notifications/model/push-support';

const ALL: PushEnvironment = {
  serviceWorker: true,
  pushManager: true,
  notification: true,
  ios: false,
  standalone: false,
};

describe('push needs a service worker, push and notification support (spec 002 §5)', () => {
  it('supported when all three are there', () => {
    expect(pushSupport(ALL)).toBe('supported');
  });

  it.each(['serviceWorker', 'pushManager', 'notification'] as const)(
    'unsupported without %s',
    (missing) => {
      expect(pushSupport({ ...ALL, [missing]: false })).toBe('unsupported');
    },
  );

  it('an iPhone outside the Home Screen app is told to install it, not "not supported"', () => {
    // Safari in a tab has neither PushManager nor Notification.
    const safariTab = { ...ALL, pushManager: false, notification: false, ios: true };
    expect(pushSupport(safariTab)).toBe('needs-home-screen');
    expect(pushSupport({ ...ALL, ios: true, standalone: true })).toBe('supported');
  });

  it('the Home Screen app on iOS before 16.4 (no PushManager) is unsupported', () => {
    expect(pushSupport({ ...ALL, pushManager: false, ios: true, standalone: true })).toBe(
      'unsupported',
    );
  });
});

describe('an iPhone or iPad', () => {
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
  const MAC =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
  const ANDROID =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

  it('by its user agent, and an iPad that says it is a Mac by its touch screen', () => {
    expect(isIosDevice(IPHONE, 5)).toBe(true);
    expect(isIosDevice(MAC, 5)).toBe(true);
    expect(isIosDevice(MAC, 0)).toBe(false);
    expect(isIosDevice(ANDROID, 5)).toBe(false);
  });
});

describe('the card in each push state (spec 002 §4: permission, subscribed)', () => {
  const view = (permission: 'default' | 'granted' | 'denied', subscribed: boolean, busy = false) =>
    pushCardView({ support: 'supported', permission, subscribed, busy });

  it('not asked yet: Enable, no badge', () => {
    expect(view('default', false)).toMatchObject({
      badge: null,
      showEnable: true,
      showTest: false,
      showDisable: false,
      deniedWarning: false,
    });
  });

  it('granted and subscribed: Enabled, Test and Disable', () => {
    expect(view('granted', true)).toMatchObject({
      badge: 'Enabled',
      showEnable: false,
      showTest: true,
      showDisable: true,
    });
  });

  it('granted but not subscribed here (disabled, or the browser dropped it): Enable again', () => {
    expect(view('granted', false)).toMatchObject({ badge: null, showEnable: true });
  });

  it('denied: Blocked with the browser-settings warning, and no buttons', () => {
    expect(view('denied', true)).toMatchObject({
      badge: 'Blocked',
      deniedWarning: true,
      showEnable: false,
      showTest: false,
      showDisable: false,
    });
  });

  it('Enable is disabled while a request is on its way', () => {
    expect(view('default', false, true).enableDisabled).toBe(true);
    expect(view('default', false, false).enableDisabled).toBe(false);
  });

  it('unsupported or needing the Home Screen: no badge and no buttons', () => {
    for (const support of ['unsupported', 'needs-home-screen'] as const) {
      expect(
        pushCardView({ support, permission: 'granted', subscribed: true, busy: false }),
      ).toMatchObject({ badge: null, showEnable: false, showTest: false, showDisable: false });
    }
  });
});
