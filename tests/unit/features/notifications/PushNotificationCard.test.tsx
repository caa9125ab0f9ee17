// The push card with a fake device (no browser push here): what the owner sees in each state, and
// what each button does, the permission asked inside the tap itself.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUBSCRIBE_URL, UNSUBSCRIBE_URL } from '@/db/push-subscription';
import type { KiriDatabase } from '@/db/schema';
import type { PushDevice } from '@/features/notifications/api/push-device';
import { PushNotificationCard } from '@/features/notifications';
import type { PushEnvironment, PushPermission } from '@/features/notifications/model/push-support';
import { ApiError } from '@/lib/api';
import { getToasts, resetToasts } from '@/ui/toast-store';
import { freshDb, jsonResponse } from '../../db/helpers';

let db: KiriDatabase;
afterEach(async () => {
  cleanup();
  act(() => resetToasts());
  await db?.delete();
});

const SUPPORTED: PushEnvironment = {
  serviceWorker: true,
  pushManager: true,
  notification: true,
  ios: false,
  standalone: false,
};

interface FakeSubscription {
  endpoint: string;
  options?: { applicationServerKey: ArrayBuffer };
  toJSON: () => { endpoint: string; keys: Record<string, string> };
  unsubscribe: ReturnType<typeof vi.fn<() => Promise<boolean>>>;
}

function subscription(endpoint: string): FakeSubscription {
  return {
    endpoint,
    options: { applicationServerKey: new Uint8Array([1, 2, 3]).buffer },
    toJSON: () => ({ endpoint, keys: { auth: 'AUTH', p256dh: 'P256' } }),
    unsubscribe: vi.fn(async () => true),
  };
}

function fakeDevice(
  options: {
    environment?: PushEnvironment;
    permission?: PushPermission;
    answer?: PushPermission;
    subscribed?: boolean;
    online?: boolean;
    subscribeFails?: boolean;
    sendTest?: () => Promise<void>;
  } = {},
) {
  let permission = options.permission ?? 'default';
  let current: FakeSubscription | null = options.subscribed
    ? subscription('https://push.example/existing')
    : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      if (options.subscribeFails) throw new DOMException('push service down', 'AbortError');
      current = subscription('https://push.example/new');
      return current;
    }),
  };
  const requestPermission = vi.fn(async () => {
    permission = options.answer ?? 'granted';
    return permission;
  });
  const replay = vi.fn();
  const device: PushDevice = {
    db,
    environment: () => options.environment ?? SUPPORTED,
    permission: () => permission,
    requestPermission,
    registration: async () => ({ pushManager }) as unknown as ServiceWorkerRegistration,
    fetch: vi.fn(async () => jsonResponse(200, { publicKey: 'AQID' })) as unknown as typeof fetch,
    deviceInfo: () => ({ userAgent: 'UA', platform: 'P', language: 'en', standalone: true }),
    replay,
    online: () => options.online ?? true,
    now: () => Date.parse('2026-11-24T08:00:00Z'),
    sendTest: options.sendTest ?? vi.fn(async () => {}),
  };
  return { device, pushManager, requestPermission, replay, current: () => current };
}

const toastTitles = () => getToasts().map((t) => t.title);

describe('the push card', () => {
  it('lists what to expect and offers Enable Notifications', async () => {
    db = freshDb();
    render(<PushNotificationCard device={fakeDevice().device} />);
    expect(screen.getByText('Morning greetings around 9 AM')).toBeTruthy();
    expect(screen.getByText('Evening check-ins around 8 PM')).toBeTruthy();
    expect(screen.getByText('Messages after silences of 4+ hours')).toBeTruthy();
    expect(screen.getByText('Spontaneous thoughts')).toBeTruthy();
    expect(screen.getByText('Task completion notifications')).toBeTruthy();
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Enable Notifications' }) as HTMLButtonElement)
          .disabled,
      ).toBe(false),
    );
    expect(screen.queryByText('Enabled')).toBeNull();
  });

  it('Enable asks for permission within the tap, subscribes, and tells the server through the outbox', async () => {
    db = freshDb();
    const fake = fakeDevice();
    render(<PushNotificationCard device={fake.device} />);
    const enable = await screen.findByRole('button', { name: 'Enable Notifications' });
    await waitFor(() => expect((enable as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(enable);
    // Asked synchronously in the click: iOS shows the prompt only inside the tap.
    expect(fake.requestPermission).toHaveBeenCalledOnce();
    await screen.findByText('Enabled');
    expect(toastTitles()).toEqual(['Notifications Enabled']);
    expect(fake.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array([1, 2, 3]),
    });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'push', method: 'POST', url: SUBSCRIBE_URL });
    expect(JSON.parse(entry!.body!)).toEqual({
      endpoint: 'https://push.example/new',
      keys: { auth: 'AUTH', p256dh: 'P256' },
      deviceInfo: { userAgent: 'UA', platform: 'P', language: 'en', standalone: true },
    });
    expect(fake.replay).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send Test Notification' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Disable Notifications' })).toBeTruthy();
  });

  it('offline, Enable still subscribes the device and says the server will hear of it', async () => {
    db = freshDb();
    const fake = fakeDevice({ online: false });
    render(<PushNotificationCard device={fake.device} />);
    const enable = await screen.findByRole('button', { name: 'Enable Notifications' });
    await waitFor(() => expect((enable as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(enable);
    await screen.findByText('Enabled');
    expect(getToasts()[0]?.description).toMatch(/as soon as you are back online/);
    expect(await db.outbox.count()).toBe(1);
    // The card itself says it waits, until the outbox has told the server.
    const note = await screen.findByText(/Waiting to reach Kiri's server/);
    expect(note.getAttribute('role')).toBe('status');
    await db.outbox.clear();
    await waitFor(() => expect(screen.queryByText(/Waiting to reach Kiri's server/)).toBeNull());
  });

  it('a refusal shows Permission Denied, then Blocked with the settings warning', async () => {
    db = freshDb();
    const fake = fakeDevice({ answer: 'denied' });
    render(<PushNotificationCard device={fake.device} />);
    const enable = await screen.findByRole('button', { name: 'Enable Notifications' });
    await waitFor(() => expect((enable as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(enable);
    await screen.findByText('Blocked');
    expect(toastTitles()).toEqual(['Permission Denied']);
    expect(screen.getByRole('alert').textContent).toMatch(/browser settings/);
    expect(fake.pushManager.subscribe).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
  });

  it('a push service that fails shows Setup Failed, and nothing is queued', async () => {
    db = freshDb();
    const fake = fakeDevice({ subscribeFails: true });
    render(<PushNotificationCard device={fake.device} />);
    const enable = await screen.findByRole('button', { name: 'Enable Notifications' });
    await waitFor(() => expect((enable as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(enable);
    await waitFor(() => expect(toastTitles()).toEqual(['Setup Failed']));
    expect(await db.outbox.count()).toBe(0);
    expect(screen.getByRole('button', { name: 'Enable Notifications' })).toBeTruthy();
  });

  it('Disable ends the subscription on the device and queues the unsubscribe', async () => {
    db = freshDb();
    const fake = fakeDevice({ permission: 'granted', subscribed: true });
    const existing = fake.current()!;
    render(<PushNotificationCard device={fake.device} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Disable Notifications' }));
    await screen.findByRole('button', { name: 'Enable Notifications' });
    expect(existing.unsubscribe).toHaveBeenCalledOnce();
    expect(toastTitles()).toEqual(['Notifications Disabled']);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'push', url: UNSUBSCRIBE_URL });
    expect(JSON.parse(entry!.body!)).toEqual({ endpoint: 'https://push.example/existing' });
  });

  it('a browser that keeps the subscription shows Failed to Disable', async () => {
    db = freshDb();
    const fake = fakeDevice({ permission: 'granted', subscribed: true });
    fake.current()!.unsubscribe.mockResolvedValue(false);
    render(<PushNotificationCard device={fake.device} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Disable Notifications' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Failed to Disable']));
    expect(screen.getByText('Enabled')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  });

  it('Send Test Notification posts the test; a refusal shows Test Failed with the reason', async () => {
    db = freshDb();
    const sendTest = vi
      .fn<() => Promise<void>>()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(
        new ApiError(
          404,
          'Not Found',
          JSON.stringify({ error: 'No subscription for this device' }),
        ),
      );
    const fake = fakeDevice({ permission: 'granted', subscribed: true, sendTest });
    render(<PushNotificationCard device={fake.device} />);
    const test = await screen.findByRole('button', { name: 'Send Test Notification' });
    fireEvent.click(test);
    await waitFor(() => expect(toastTitles()).toEqual(['Test Sent']));
    await waitFor(() => expect((test as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(test);
    await waitFor(() => expect(toastTitles()).toEqual(['Test Failed']));
    expect(getToasts()[0]?.description).toBe('No subscription for this device');
  });

  it('Test while the subscription still waits in the outbox: Test Failed, nothing sent', async () => {
    db = freshDb();
    await db.outbox.add({
      kind: 'push',
      key: 'k',
      method: 'POST',
      url: SUBSCRIBE_URL,
      body: '{}',
      messageId: null,
      createdAt: 0,
      attempts: 1,
      nextAttemptAt: 0,
    });
    const sendTest = vi.fn(async () => {});
    const fake = fakeDevice({ permission: 'granted', subscribed: true, sendTest });
    render(<PushNotificationCard device={fake.device} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send Test Notification' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Test Failed']));
    expect(sendTest).not.toHaveBeenCalled();
  });

  it('says Push Notifications Not Supported without push support', () => {
    db = freshDb();
    const fake = fakeDevice({ environment: { ...SUPPORTED, pushManager: false } });
    render(<PushNotificationCard device={fake.device} />);
    expect(screen.getByText('Push Notifications Not Supported')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('on an iPhone in Safari, says notifications need the Home Screen app and how to add it', () => {
    db = freshDb();
    const fake = fakeDevice({
      environment: { ...SUPPORTED, pushManager: false, notification: false, ios: true },
    });
    render(<PushNotificationCard device={fake.device} />);
    expect(screen.getByText('Notifications need the Home Screen app')).toBeTruthy();
    expect(screen.getByText(/Tap the Share button/)).toBeTruthy();
    expect(screen.getByText(/Add to Home Screen/)).toBeTruthy();
    expect(screen.queryByText('Push Notifications Not Supported')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('Enable with a subscription already on the device', () => {
  it('made for another key (the server’s keys were reset): replaced, and the old endpoint ended on the server', async () => {
    db = freshDb();
    const fake = fakeDevice({ permission: 'granted' });
    const stale = {
      ...subscription('https://push.example/stale'),
      options: { applicationServerKey: new Uint8Array([9, 9, 9]).buffer },
    };
    fake.pushManager.getSubscription.mockResolvedValueOnce(null).mockResolvedValue(stale);
    render(<PushNotificationCard device={fake.device} />);
    const enable = await screen.findByRole('button', { name: 'Enable Notifications' });
    await waitFor(() => expect((enable as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(enable);
    await screen.findByText('Enabled');
    expect(stale.unsubscribe).toHaveBeenCalledOnce();
    expect(fake.pushManager.subscribe).toHaveBeenCalledOnce();
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.url, JSON.parse(e.body!).endpoint])).toEqual([
      [UNSUBSCRIBE_URL, 'https://push.example/stale'],
      [SUBSCRIBE_URL, 'https://push.example/new'],
    ]);
  });

  it('from a browser that does not say its key: kept, and told to the server again', async () => {
    db = freshDb();
    const fake = fakeDevice({ permission: 'granted' });
    const kept = { ...subscription('https://push.example/kept'), options: undefined };
    fake.pushManager.getSubscription.mockResolvedValueOnce(null).mockResolvedValue(kept);
    render(<PushNotificationCard device={fake.device} />);
    const enable = await screen.findByRole('button', { name: 'Enable Notifications' });
    await waitFor(() => expect((enable as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(enable);
    await screen.findByText('Enabled');
    expect(kept.unsubscribe).not.toHaveBeenCalled();
    expect(fake.pushManager.subscribe).not.toHaveBeenCalled();
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => [e.url, JSON.parse(e.body!).endpoint])).toEqual([
      [SUBSCRIBE_URL, 'https://push.example/kept'],
    ]);
  });
});
