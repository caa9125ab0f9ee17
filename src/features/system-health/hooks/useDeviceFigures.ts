// The device half: the outbox (a live Dexie query), persistent storage and the storage estimate (read
// again every 10 s, never persisted, needing no network), the device's error ring (re-read when it
// changes), and the Performance API's timeline (read once the page has painted, and on demand).
import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/db';
import { outboxSummary } from '@/db/outbox-summary';
import type { DeviceError } from '@/domain/device-errors';
import { clearDeviceErrors, readDeviceErrors, subscribeDeviceErrors } from '@/lib/device-error-log';
import { readDeviceStorage, readTimeline } from '../api/device-figures';
import { HEALTH_POLL_MS } from './useServerFigures';

export function useOutboxSummary() {
  return useLiveQuery(() => outboxSummary(db), []);
}

export function useDeviceStorage() {
  return useQuery({
    queryKey: ['device-storage'],
    queryFn: readDeviceStorage,
    refetchInterval: HEALTH_POLL_MS,
    staleTime: 0,
    retry: false,
    // The device answers: no network involved, and never worth keeping for another visit.
    networkMode: 'always',
    meta: { persist: false },
  });
}

export function useDeviceErrors(): {
  errors: DeviceError[] | undefined;
  clear: () => Promise<void>;
} {
  const [errors, setErrors] = useState<DeviceError[] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const load = () =>
      void readDeviceErrors().then((ring) => {
        if (live) setErrors(ring);
      });
    load();
    const stop = subscribeDeviceErrors(load);
    return () => {
      live = false;
      stop();
    };
  }, []);
  const clear = useCallback(() => clearDeviceErrors(), []);
  return { errors, clear };
}

/** The timeline as it is now; the load event and the app's last mark may come after the page opens. */
export function useTimeline() {
  const [timeline, setTimeline] = useState(readTimeline);
  useEffect(() => {
    const timer = setTimeout(() => setTimeline(readTimeline()), 1000);
    return () => clearTimeout(timer);
  }, []);
  return timeline;
}
