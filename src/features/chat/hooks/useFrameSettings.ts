// Night vision and dyslexia-friendly mode, kept on this device (localStorage) and read before the first
// paint, so a reload at night does not flash the day theme first.
import { useCallback, useEffect, useState } from 'react';
import {
  DEFAULT_VISION,
  VISION_RECHECK_MS,
  parseVisionSettings,
  setVisionAuto,
  toggleVision,
  visionAt,
  type Vision,
  type VisionSettings,
} from '../model/vision';
import { DYSLEXIA_KEY, VISION_KEY } from '../model/frame';

function read(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage blocked or full: the choice holds for this page only.
  }
}

const localHour = () => new Date().getHours();

export interface VisionControl {
  vision: Vision;
  auto: boolean;
  toggle: () => void;
  setAuto: (auto: boolean) => void;
}

export function useVision(): VisionControl {
  const [settings, setSettings] = useState<VisionSettings>(() =>
    typeof localStorage === 'undefined' ? DEFAULT_VISION : parseVisionSettings(read(VISION_KEY)),
  );
  const [hour, setHour] = useState(localHour);
  useEffect(() => {
    if (!settings.auto) return;
    // Auto follows the clock: 20:00 and 07:00 pass while the chat is open.
    const timer = setInterval(() => setHour(localHour()), VISION_RECHECK_MS);
    const onVisible = () => setHour(localHour());
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [settings.auto]);
  const change = useCallback((next: VisionSettings) => {
    setSettings(next);
    write(VISION_KEY, next);
  }, []);
  return {
    vision: visionAt(settings, hour),
    auto: settings.auto,
    toggle: () => change(toggleVision(settings, localHour())),
    setAuto: (auto) => change(setVisionAuto(settings, auto, localHour())),
  };
}

export function useDyslexiaMode(): [boolean, () => void] {
  const [on, setOn] = useState(() => read(DYSLEXIA_KEY) === true);
  const toggle = useCallback(() => {
    setOn((current) => {
      write(DYSLEXIA_KEY, !current);
      return !current;
    });
  }, []);
  return [on, toggle];
}
