// The attachment menu (000 §2.2 variant B, §5, §8): its three entries, the picker's accept list, an
// image handed to the share panel, and the canned acknowledgement for any other file after 1 s, sent
// nowhere.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AttachmentMenu from '@/features/attachments/components/AttachmentMenu';
import {
  ATTACHMENT_TEXT,
  FILE_PICKER_ACCEPT,
  NON_IMAGE_ACK_DELAY_MS,
  isImageFile,
  nonImageAcknowledgement,
} from '@/features/attachments/model/attachment-rules';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the picker accepts what 000 §5 lists', () => {
  it('image, audio, video, pdf, doc, docx, txt, json, csv, zip', () => {
    expect(FILE_PICKER_ACCEPT.split(',')).toEqual([
      'image/*',
      'audio/*',
      'video/*',
      '.pdf',
      '.doc',
      '.docx',
      '.txt',
      '.json',
      '.csv',
      '.zip',
    ]);
  });
});

describe('isImageFile (an image goes to the share panel; any other file is acknowledged)', () => {
  it('goes by the type the browser gives', () => {
    expect(isImageFile({ name: 'a.bin', type: 'image/png' })).toBe(true);
    expect(isImageFile({ name: 'photo.jpg', type: 'text/plain' })).toBe(false);
    expect(isImageFile({ name: 'notes.txt', type: 'text/plain' })).toBe(false);
  });

  it('goes by the name when the browser gives no type', () => {
    expect(isImageFile({ name: 'IMG_0001.HEIC', type: '' })).toBe(true);
    expect(isImageFile({ name: 'archive.zip', type: '' })).toBe(false);
  });
});

describe('nonImageAcknowledgement', () => {
  it('names the file and its size and says it stays on the device', () => {
    const text = nonImageAcknowledgement({ name: 'notes.txt', size: 2048 });
    expect(text).toContain('notes.txt (2 KB)');
    expect(text).toContain('only look at photos');
    expect(text).toContain('stays on your device');
    expect(nonImageAcknowledgement({ name: 'a.csv', size: 1 })).toContain('a.csv (1 byte)');
    expect(nonImageAcknowledgement({ name: 'talk.mp4', size: 3_250_000 })).toContain('(3.1 MB)');
  });
});

// The menu reads the persona's name through the query cache (the status call); none is made here.
function withQueries(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

function renderMenu() {
  const onImageChosen = vi.fn();
  const onOpenBrowserTab = vi.fn(async () => true);
  withQueries(<AttachmentMenu onImageChosen={onImageChosen} onOpenBrowserTab={onOpenBrowserTab} />);
  return { onImageChosen, onOpenBrowserTab };
}

function choose(testId: string, file: File) {
  fireEvent.change(screen.getByTestId(testId), { target: { files: [file] } });
}

describe('the menu', () => {
  it('toggles open and closed with its three entries', () => {
    renderMenu();
    const button = screen.getByRole('button', { name: ATTACHMENT_TEXT.menuButton });
    fireEvent.click(button);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Take Photo',
      'Upload File',
      'Open Browser Tab',
    ]);
    fireEvent.click(button);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('Take Photo asks for the camera', () => {
    renderMenu();
    const camera = screen.getByTestId('take-photo-input');
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(camera.getAttribute('accept')).toBe('image/*');
  });

  it('hands a chosen image to the share panel and acknowledges nothing', () => {
    const { onImageChosen } = renderMenu();
    const photo = new File(['x'], 'tram.jpg', { type: 'image/jpeg' });
    choose('upload-file-input', photo);
    expect(onImageChosen).toHaveBeenCalledWith(photo);
    expect(screen.queryByTestId('file-acknowledgement')).toBeNull();
  });

  it("acknowledges a file that is not an image after 1 s, sends nothing, and marks it as this device's", () => {
    vi.useFakeTimers();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { onImageChosen } = renderMenu();
    choose('upload-file-input', new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByTestId('acknowledged-file').textContent).toBe('notes.txt');
    act(() => vi.advanceTimersByTime(NON_IMAGE_ACK_DELAY_MS - 1));
    expect(screen.queryByTestId('acknowledgement-text')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('acknowledgement-text').textContent).toBe(
      nonImageAcknowledgement({ name: 'notes.txt', size: 5 }),
    );
    expect(screen.getByText(ATTACHMENT_TEXT.localNote)).toBeTruthy();
    expect(onImageChosen).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: ATTACHMENT_TEXT.dismiss }));
    expect(screen.queryByTestId('file-acknowledgement')).toBeNull();
  });

  it('Open Browser Tab asks for an address and hands over what was typed (blank too)', async () => {
    const { onOpenBrowserTab } = renderMenu();
    fireEvent.click(screen.getByRole('button', { name: ATTACHMENT_TEXT.menuButton }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Open Browser Tab' }));
    fireEvent.click(await screen.findByRole('button', { name: ATTACHMENT_TEXT.promptOpen }));
    expect(onOpenBrowserTab).toHaveBeenCalledWith('');
  });

  it("alerts 'Failed to open browser tab. Please try again.' when the page could not open", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onOpenBrowserTab = vi.fn(async () => {
      throw new Error('blocked');
    });
    withQueries(<AttachmentMenu onImageChosen={vi.fn()} onOpenBrowserTab={onOpenBrowserTab} />);
    fireEvent.click(screen.getByRole('button', { name: ATTACHMENT_TEXT.menuButton }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Open Browser Tab' }));
    fireEvent.change(await screen.findByLabelText(ATTACHMENT_TEXT.promptLabel), {
      target: { value: 'example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: ATTACHMENT_TEXT.promptOpen }));
    await vi.waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Failed to open browser tab. Please try again.'),
    );
    expect(onOpenBrowserTab).toHaveBeenCalledWith('example.com');
  });
});
