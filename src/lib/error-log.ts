// The app's error log: domain's logger with the browser's clock, agent, URL and console.
import { createErrorLogger } from '@/domain/errors';

export const logError = createErrorLogger({
  now: () => new Date(),
  userAgent: () => (typeof navigator === 'undefined' ? '' : navigator.userAgent),
  url: () => (typeof location === 'undefined' ? '' : location.href),
  write: (label, report) => console.error(label, report),
});

/** Reports unhandled promise rejections to the log. Returns a function that removes the handler. */
export function reportUnhandledRejections(target: Window = window): () => void {
  const onRejection = (event: PromiseRejectionEvent) => {
    logError(event.reason, { source: 'unhandledrejection' });
  };
  target.addEventListener('unhandledrejection', onRejection);
  return () => target.removeEventListener('unhandledrejection', onRejection);
}
