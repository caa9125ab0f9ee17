// The "new version" bar: shown while an update waits; 'Reload' lets it take over (see lib/pwa.ts).
// It sits at the top so it never covers the chat's composer at the bottom.
import { usePwaUpdate } from '@/lib/pwa';

export default function UpdatePrompt() {
  const { needRefresh, applyUpdate } = usePwaUpdate();
  if (!needRefresh) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-0 z-50 flex justify-center px-4 pt-[calc(env(safe-area-inset-top)+0.75rem)]">
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-auto flex items-center gap-3 rounded-xl border border-stone-200 bg-white/95 py-2 pr-2 pl-4 text-sm text-stone-900 shadow-lg backdrop-blur dark:border-stone-700 dark:bg-stone-900/95 dark:text-stone-100"
      >
        <span>A new version is ready</span>
        <button
          type="button"
          onClick={applyUpdate}
          className="rounded-lg bg-accent px-3 py-1.5 font-medium text-on-accent hover:bg-accent-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          Reload
        </button>
      </div>
    </div>
  );
}
