// App-wide providers: the fetch cache (persisted to IndexedDB), tooltips and toasts. The theme is
// applied by ui/theme before the first render (main.tsx), so it needs no provider.
import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { Tooltip } from 'radix-ui';
import { createQueryClient, persistOptions } from '@/lib/query-client';
import { Toaster } from '@/ui/Toaster';

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

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
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
      <Toaster />
    </Tooltip.Provider>
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
