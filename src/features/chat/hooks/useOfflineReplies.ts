// 'Offline replies' (issue 12) for the settings panel: on by default, kept on this device, heard from
// other tabs too. Its own module, so only the panel (loaded when opened) carries it.
import { useCallback, useEffect, useState } from 'react';
import {
  offlineRepliesEnabled,
  onOfflineRepliesChange,
  writeOfflineReplies,
} from '@/lib/offline-replies-setting';

export function useOfflineReplies(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(offlineRepliesEnabled);
  useEffect(() => onOfflineRepliesChange(setOn), []);
  const change = useCallback((next: boolean) => writeOfflineReplies(next), []);
  return [on, change];
}
