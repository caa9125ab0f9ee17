// @vitest-environment jsdom
// Copy on WebKit: WPE 2.38 (Safari 16.0) has no navigator.clipboard, and Safari's writeText rejects
// outside a user gesture (NotAllowedError). The old execCommand route must still copy, and a copy that
// cannot happen must say so (the menu shows 'Could not copy').
import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from '@/lib/clipboard';

const execCommand = vi.fn<(command: string) => boolean>();

function setClipboard(value: unknown): void {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value });
}

afterEach(() => {
  delete (navigator as { clipboard?: unknown }).clipboard;
  delete (document as { execCommand?: unknown }).execCommand;
  execCommand.mockReset();
});

describe('copyText', () => {
  it('without navigator.clipboard (WPE 2.38), copies through execCommand', async () => {
    setClipboard(undefined);
    let copied = '';
    execCommand.mockImplementation(() => {
      // What a browser copies: the selection, in the page at that moment.
      const area = document.querySelector('textarea');
      copied = area ? area.value.slice(area.selectionStart, area.selectionEnd) : '';
      return true;
    });
    Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
    expect(await copyText('the train is late')).toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(copied).toBe('the train is late');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('when writeText is refused (no user gesture in Safari), falls back to execCommand', async () => {
    const refused = Object.assign(new Error('not allowed'), { name: 'NotAllowedError' });
    setClipboard({ writeText: vi.fn(async () => Promise.reject(refused)) });
    execCommand.mockReturnValue(true);
    Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
    expect(await copyText('hello')).toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
  });

  it('says it could not copy when neither route works', async () => {
    setClipboard(undefined);
    execCommand.mockImplementation(() => {
      throw new Error('unsupported');
    });
    Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
    expect(await copyText('hello')).toBe(false);
    expect(document.querySelector('textarea')).toBeNull();
  });
});
