// The notice a screen shows when the server cannot be reached (offline, or no answer): what it still
// shows is the last known state, and the line under the title says from when. One look on every screen.
import type { ReactNode } from 'react';
import { WifiOff } from 'lucide-react';

export function OfflineNotice({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <WifiOff size={18} aria-hidden className="mt-0.5 shrink-0" />
      <div className="grid gap-0.5">
        <p className="font-medium">{title}</p>
        {children ? <p className="text-sm">{children}</p> : null}
      </div>
    </div>
  );
}
