// Code-split components that can be retried. React.lazy keeps a failed import forever, so a screen
// that failed to download offline would stay broken after the network returns. Here a failed import
// stays failed (so React shows the error instead of looping on new downloads) until
// `retryFailedLoads()` is called, which the error boundary does on each retry.
import { createElement, use, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };
type Loader<P> = () => Promise<Module<P>>;

export interface LazyComponent<P> {
  (props: P): ReturnType<typeof createElement>;
  /** Starts the download early (on hover, after the first screen). */
  preload: () => Promise<Module<P>>;
}

const failedLoads = new Set<() => void>();

/** Forgets every failed download, so that the next render tries again. */
export function retryFailedLoads(): void {
  for (const forget of failedLoads) forget();
  failedLoads.clear();
}

export function lazyComponent<P extends object>(load: Loader<P>): LazyComponent<P> {
  let pending: Promise<Module<P>> | null = null;
  let loaded: Module<P> | null = null;
  const preload = () => {
    if (pending) return pending;
    const attempt: Promise<Module<P>> = load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        failedLoads.add(() => {
          if (pending === attempt) pending = null;
        });
        throw error;
      },
    );
    pending = attempt;
    return attempt;
  };
  // A module that has already arrived (preloaded) renders at once: `use` would suspend once on a
  // promise it has not seen yet, which shows the fallback for a frame and delays the screen's reveal.
  const Lazy = (props: P) => createElement((loaded ?? use(preload())).default, props);
  Lazy.preload = preload;
  return Lazy;
}
