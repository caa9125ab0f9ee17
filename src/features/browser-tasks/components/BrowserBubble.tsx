// The floating browser bubble (spec 000 §2.2 variant B): bottom right, above the composer, shown when
// the owner turned it on; a tap opens a browser task on a search page after 0.5 s.
import { Globe } from '@/ui/task-icons';
import { BROWSER_TEXT } from '../model/texts';

export function BrowserBubble({ onOpen }: { onOpen: () => void }) {
  return (
    <button
      type="button"
      aria-label={BROWSER_TEXT.bubbleLabel}
      title={BROWSER_TEXT.bubbleLabel}
      data-testid="browser-bubble"
      onClick={onOpen}
      className="fixed right-[max(env(safe-area-inset-right),1rem)] bottom-[calc(env(safe-area-inset-bottom)+5.5rem)] z-30 inline-flex h-12 w-12 items-center justify-center rounded-full bg-accent text-on-accent shadow-lg hover:bg-accent-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
    >
      <Globe size={22} aria-hidden />
    </button>
  );
}
