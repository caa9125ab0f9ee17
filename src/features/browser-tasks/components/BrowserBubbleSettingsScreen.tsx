// /browser-bubble-settings (spec 002 §2, 000 §3.10): the floating browser bubble's switch. The
// setting lives on this device (local storage) and applies at once.
import { useState } from 'react';
import { Page } from '@/ui/Page';
import { cn } from '@/ui/cn';
import { useBubbleSetting } from '../hooks/useBubbleSetting';
import { BROWSER_TEXT } from '../model/texts';

export default function BrowserBubbleSettingsScreen() {
  const [enabled, setEnabled] = useBubbleSetting();
  const [refused, setRefused] = useState(false);
  return (
    <Page title={BROWSER_TEXT.settingsTitle} subtitle={BROWSER_TEXT.settingsSubtitle}>
      <div className="flex items-center justify-between gap-4 rounded-2xl border border-line bg-panel p-4">
        <div className="grid gap-0.5">
          <span id="browser-bubble-label" className="font-medium">
            {BROWSER_TEXT.toggleLabel}
          </span>
          <span className="text-sm text-muted">
            {enabled ? BROWSER_TEXT.toggleOn : BROWSER_TEXT.toggleOff}
          </span>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={enabled}
          aria-labelledby="browser-bubble-label"
          onClick={() => setRefused(!setEnabled(!enabled))}
          className={cn(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
            enabled ? 'bg-accent' : 'bg-stone-300 dark:bg-stone-600',
          )}
        >
          <span
            aria-hidden
            className={cn(
              'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
              enabled ? 'translate-x-6' : 'translate-x-1',
            )}
          />
        </button>
      </div>
      {refused ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {BROWSER_TEXT.notKept}
        </p>
      ) : (
        <p className="text-sm text-muted">{BROWSER_TEXT.storedNote}</p>
      )}
    </Page>
  );
}
