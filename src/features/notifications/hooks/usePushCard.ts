// The push card's state and actions (spec 002 §4 push: permission default, granted or denied;
// subscribed or not). The permission is asked first thing in the tap, before any await: iOS shows the
// prompt only from the owner's tap, and an await before it would lose the tap.
import { useCallback, useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { fetchPublicKey } from '@/db/push-subscription';
import { isApiError } from '@/lib/api';
import { toast } from '@/ui/use-toast';
import {
  browserPushDevice,
  currentSubscription,
  deviceSupport,
  PushSetupError,
  pushRequestsWaiting,
  subscribeDevice,
  unsubscribeDevice,
  type PushDevice,
} from '../api/push-device';
import type { PushPermission, PushSupport } from '../model/push-support';
import { PUSH_TOAST, SETUP_REASON } from '../model/texts';

export interface PushCardState {
  support: PushSupport;
  permission: PushPermission;
  /** Null while the subscription is being read. */
  subscribed: boolean | null;
  busy: boolean;
  /** An Enable or Disable of this device has not reached the server yet (it waits in the outbox). */
  waiting: boolean;
  enable: () => void;
  disable: () => void;
  sendTest: () => void;
}

function reasonOf(error: unknown, fallback: string): string {
  if (error instanceof PushSetupError) return error.message;
  if (isApiError(error)) {
    try {
      const body = JSON.parse(error.bodyText) as { error?: unknown };
      if (typeof body.error === 'string' && body.error) return body.error;
    } catch {
      // Not our JSON: the status says enough.
    }
    return `The server answered ${error.status}.`;
  }
  return fallback;
}

const OFFLINE_REASON = "Kiri's server could not be reached. Check the connection and try again.";

export function usePushCard(device: PushDevice = browserPushDevice): PushCardState {
  const [support] = useState(() => deviceSupport(device));
  const [permission, setPermission] = useState<PushPermission>(() =>
    support === 'supported' ? device.permission() : 'default',
  );
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [publicKey, setPublicKey] = useState<string | null>(null);
  // Live: the outbox's drain (the worker's or the page's) ends the wait as soon as the server answers.
  const waiting = useLiveQuery(() => pushRequestsWaiting(device.db), [device]) ?? false;

  // Read in a callback: the subscription is the browser's state, not React's.
  const reread = useCallback(
    () =>
      currentSubscription(device)
        .then(
          (subscription) => subscription !== null,
          () => false, // no registration to ask: not subscribed here
        )
        .then((found) => {
          setPermission(device.permission());
          setSubscribed(found);
        }),
    [device],
  );

  useEffect(() => {
    if (support !== 'supported') return;
    void reread();
    // Fetched (and kept) now, so that Enable does not wait for the network inside the tap.
    void fetchPublicKey(device.db, device.fetch).then(setPublicKey, () => undefined);
    // The owner may allow or block notifications in the settings and come back.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void reread();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [device, support, reread]);

  const enable = () => {
    if (support !== 'supported') {
      toast({ ...PUSH_TOAST.notSupported, variant: 'destructive' });
      return;
    }
    let asked: Promise<PushPermission>;
    try {
      asked = device.requestPermission();
    } catch {
      toast({ ...PUSH_TOAST.notSupported, variant: 'destructive' });
      return;
    }
    setBusy(true);
    void (async () => {
      try {
        const answer = await asked;
        setPermission(answer);
        if (answer !== 'granted') {
          toast({ ...PUSH_TOAST.permissionDenied, variant: 'destructive' });
          return;
        }
        const { told } = await subscribeDevice(device, publicKey, SETUP_REASON);
        setSubscribed(true);
        toast(told === 'now' ? PUSH_TOAST.enabled : PUSH_TOAST.enabledOffline);
      } catch (error) {
        toast({
          ...PUSH_TOAST.setupFailed(reasonOf(error, SETUP_REASON.pushService)),
          variant: 'destructive',
        });
      } finally {
        setBusy(false);
      }
    })();
  };

  const disable = () => {
    setBusy(true);
    void (async () => {
      try {
        await unsubscribeDevice(device);
        setSubscribed(false);
        toast(PUSH_TOAST.disabled);
      } catch (error) {
        toast({
          ...PUSH_TOAST.disableFailed(
            reasonOf(error, 'The browser could not end the subscription.'),
          ),
          variant: 'destructive',
        });
      } finally {
        setBusy(false);
      }
    })();
  };

  const sendTest = () => {
    setBusy(true);
    void (async () => {
      try {
        if (await pushRequestsWaiting(device.db)) {
          throw new PushSetupError(
            "This device has not reached Kiri's server yet. Try again once you are online.",
          );
        }
        await device.sendTest();
        toast(PUSH_TOAST.testSent);
      } catch (error) {
        toast({
          ...PUSH_TOAST.testFailed(reasonOf(error, OFFLINE_REASON)),
          variant: 'destructive',
        });
      } finally {
        setBusy(false);
      }
    })();
  };

  return { support, permission, subscribed, busy, waiting, enable, disable, sendTest };
}
