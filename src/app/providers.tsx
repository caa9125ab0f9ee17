// App-wide providers: the fetch cache (persisted to IndexedDB) and toasts. The theme is applied by
// ui/theme before the first render (main.tsx), so it needs no provider. No Radix Tooltip.Provider:
// no screen draws a Radix tooltip (icon buttons use the native title, ui/IconButton.tsx), and its
// module brought Radix's dismissable layer, focus scope and presence into the chat's first load.
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useAfterFirstPaint } from '@/lib/after-paint';
import { logError } from '@/lib/error-log';
import { createQueryClient, persistOptions } from '@/lib/query-client';
import { getToasts, subscribeToasts } from '@/ui/toast-store';

type ToasterComponent = () => ReactNode;

/** The toasts' code, downloaded once; a failed download is tried again at the next toast. */
let toasterLoad: Promise<ToasterComponent> | null = null;
function loadToaster(): Promise<ToasterComponent> {
  toasterLoad ??= import('@/ui/Toaster').then(
    (module) => module.Toaster,
    (error: unknown) => {
      toasterLoad = null;
      throw error;
    },
  );
  return toasterLoad;
}

const hasToasts = () => getToasts().length > 0;

/**
 * The toasts' viewport (Radix Toast, with its collection and dismissable layer, out of the chat's
 * first load): loaded once the first screen has painted, or at once when a toast is shown before
 * that (the store keeps it; it shows when the code is in, precached like every chunk). Loaded into
 * state rather than suspended on: nothing around it waits for it.
 */
function DeferredToaster() {
  const painted = useAfterFirstPaint();
  const toastShown = useSyncExternalStore(subscribeToasts, hasToasts, hasToasts);
  const wanted = painted || toastShown;
  const [Toaster, setToaster] = useState<{ component: ToasterComponent } | null>(null);
  useEffect(() => {
    if (!wanted || Toaster) return;
    let live = true;
    loadToaster().then(
      (component) => {
        if (live) setToaster({ component });
      },
      (error: unknown) => logError(error, { source: 'toaster-load' }),
    );
    return () => {
      live = false;
    };
  }, [wanted, toastShown, Toaster]);
  return Toaster ? <Toaster.component /> : null;
}

export function AppProviders({
  children,
  queryClient,
  persist = true,
}: {
  children: ReactNode;
  /** Tests pass their own client. */
  queryClient?: QueryClient;
  /** Keep the cache in IndexedDB (off in tests). */
  persist?: boolean;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [options] = useState(() => (persist ? persistOptions() : null));

  const content = (
    <>
      {children}
      <DeferredToaster />
    </>
  );

  if (!options) return <QueryClientProvider client={client}>{content}</QueryClientProvider>;
  return (
    <PersistQueryClientProvider
      client={client}
      persistOptions={options}
      // Mutations that waited for the network when the app closed carry on after the restore.
      onSuccess={() => void client.resumePausedMutations()}
    >
      {content}
    </PersistQueryClientProvider>
  );
}
