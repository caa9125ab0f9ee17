// @vitest-environment jsdom
// saveFile: a fetched file saved as a download with its name, through a link with `download`.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from '@/lib/save-file';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete (URL as { createObjectURL?: unknown }).createObjectURL;
  delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
});

describe('saveFile', () => {
  it('clicks a hidden download link to the blob, removes it, and frees the URL a minute later', () => {
    vi.useFakeTimers();
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file-1'), revokeObjectURL: revoke });
    const clicks: { href: string; download: string; inDocument: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push({
        href: this.href,
        download: this.download,
        inDocument: document.body.contains(this),
      });
    });
    saveFile(new Blob(['# memory']), 'compiled-memory.md');
    expect(clicks).toEqual([
      { href: 'blob:file-1', download: 'compiled-memory.md', inDocument: true },
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(revoke).toHaveBeenCalledWith('blob:file-1');
  });
});
