// Renders the toast store with Radix Toast: 5 s, swipe right past 50 px to dismiss, F8 focuses.
import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from './cn';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from './toast-store';
import { useToast } from './use-toast';

export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
          duration={t.duration}
          data-variant={t.variant}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-9 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
            'data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
            'data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            t.variant === 'destructive'
              ? 'border-red-700 bg-red-600 text-white'
              : 'border-line bg-panel text-stone-900 dark:text-stone-100',
          )}
        >
          <div className="grid gap-1">
            {t.title && <Toast.Title className="font-semibold">{t.title}</Toast.Title>}
            {t.description && (
              <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded p-1 opacity-70 hover:opacity-100"
          >
            <X size={16} aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* At the top, below a screen's header bar: at the bottom a toast covered the composer for 5 s. */}
      <Toast.Viewport className="fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 pt-[calc(env(safe-area-inset-top)+4rem)] sm:max-w-sm" />
    </Toast.Provider>
  );
}
