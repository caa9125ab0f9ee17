// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logError, reportUnhandledRejections } from '@/lib/error-log';

afterEach(() => vi.restoreAllMocks());

function rejection(reason: unknown): Event {
  const event = new Event('unhandledrejection');
  Object.defineProperty(event, 'reason', { value: reason });
  return event;
}

describe('error log in the browser', () => {
  it('writes high errors to console.error with the agent and the URL', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    logError(new Error('502: Bad Gateway'), { where: 'test' });
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![1]).toMatchObject({
      userAgent: navigator.userAgent,
      url: location.href,
      context: { where: 'test' },
    });
  });

  it('unhandled promise rejections are reported to the log', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stop = reportUnhandledRejections(window);
    window.dispatchEvent(rejection(new Error('500: Internal Server Error')));
    window.dispatchEvent(rejection(new Error('Failed to fetch'))); // medium: not written
    stop();
    window.dispatchEvent(rejection(new Error('503: after stop')));
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![1]).toMatchObject({
      context: { source: 'unhandledrejection' },
      classification: { type: 'server' },
    });
  });
});
