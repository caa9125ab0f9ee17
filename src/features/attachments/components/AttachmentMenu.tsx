// The attachment menu beside the composer (spec 000 §2.2 variant B, §4, §5, §8): Take Photo, Upload
// File, Open Browser Tab; it toggles open and closed. An image goes to the share panel through
// onImageChosen; any other file gets Kiri's acknowledgement after 1 s, is never sent, and is not kept
// (the acknowledgement shows above the composer, marked as this device's, until dismissed or reload).
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { usePersonaName } from '@/lib/auth-session';
import { Dialog } from '@/ui/Dialog';
import { cn } from '@/ui/cn';
import { Camera, Close, Globe, Paperclip, Upload } from '@/ui/task-icons';
import {
  ATTACHMENT_TEXT,
  CAMERA_ACCEPT,
  FILE_PICKER_ACCEPT,
  NON_IMAGE_ACK_DELAY_MS,
  isImageFile,
  nonImageAcknowledgement,
} from '../model/attachment-rules';

export interface AttachmentMenuProps {
  /** A photo taken or an image chosen: the chat's route opens the share panel with it. */
  onImageChosen: (file: File) => void;
  /** The prompt's text (blank is a search page); false or a throw when the page could not open. */
  onOpenBrowserTab: (typed: string) => Promise<boolean>;
}

interface Acknowledged {
  id: number;
  fileName: string;
  text: string;
  /** False for the second before Kiri's acknowledgement. */
  shown: boolean;
}

const ENTRY =
  'flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-[15px] hover:bg-stone-100 focus-visible:bg-stone-100 focus-visible:outline-none dark:hover:bg-stone-800 dark:focus-visible:bg-stone-800';

export default function AttachmentMenu({ onImageChosen, onOpenBrowserTab }: AttachmentMenuProps) {
  const personaName = usePersonaName();
  const [open, setOpen] = useState(false);
  const [prompting, setPrompting] = useState(false);
  const [typed, setTyped] = useState('');
  const [ack, setAck] = useState<Acknowledged | null>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const inputId = useId();

  // The menu closes on a tap anywhere else and on Escape.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // Kiri's acknowledgement comes one second after the file (000 §5).
  useEffect(() => {
    if (!ack || ack.shown) return;
    const timer = setTimeout(
      () => setAck((current) => (current?.id === ack.id ? { ...current, shown: true } : current)),
      NON_IMAGE_ACK_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [ack]);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again later.
    event.target.value = '';
    setOpen(false);
    if (!file) return;
    if (isImageFile(file)) {
      onImageChosen(file);
      return;
    }
    setAck((current) => ({
      id: (current?.id ?? 0) + 1,
      fileName: file.name,
      text: nonImageAcknowledgement(file),
      shown: false,
    }));
  };

  const submitPrompt = (event: FormEvent) => {
    event.preventDefault();
    const text = typed;
    setPrompting(false);
    setTyped('');
    void onOpenBrowserTab(text)
      .catch((error: unknown) => {
        console.warn('The browser tab could not be opened', error);
        return false;
      })
      .then((opened) => {
        if (!opened) window.alert(ATTACHMENT_TEXT.openTabFailed);
      });
  };

  return (
    <div ref={rootRef} className="relative mb-0.5 -ml-2.5 shrink-0" data-testid="attachment-menu">
      {ack && (
        <div
          data-testid="file-acknowledgement"
          className="absolute bottom-full left-0 mb-3 grid w-[min(22rem,calc(100vw-2rem))] gap-1.5 rounded-2xl border border-line bg-panel p-3 shadow-lg"
        >
          <div className="flex items-center gap-2 text-sm">
            <Paperclip size={14} aria-hidden className="shrink-0 text-muted" />
            <span className="min-w-0 flex-1 truncate" data-testid="acknowledged-file">
              {ack.fileName}
            </span>
            <button
              type="button"
              aria-label={ATTACHMENT_TEXT.dismiss}
              onClick={() => setAck(null)}
              className="rounded-full p-1 text-muted hover:bg-stone-100 dark:hover:bg-stone-800"
            >
              <Close size={14} aria-hidden />
            </button>
          </div>
          {ack.shown && (
            <div role="status" className="grid gap-1">
              <p className="text-[11px] font-semibold text-muted">{personaName}</p>
              <p className="text-[15px] leading-snug" data-testid="acknowledgement-text">
                {ack.text}
              </p>
              <p className="text-[11px] text-muted">{ATTACHMENT_TEXT.localNote}</p>
            </div>
          )}
        </div>
      )}

      <button
        type="button"
        aria-label={ATTACHMENT_TEXT.menuButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        // Keep the keyboard up on a phone while the menu opens.
        onPointerDown={(event) => event.preventDefault()}
        className={cn(
          'inline-flex h-9 w-9 items-center justify-center rounded-full text-stone-500 transition-colors hover:bg-stone-100 hover:text-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent dark:text-stone-400 dark:hover:bg-stone-800 dark:hover:text-stone-200',
          open && 'bg-stone-100 text-stone-800 dark:bg-stone-800 dark:text-stone-100',
        )}
      >
        <Paperclip size={18} aria-hidden />
      </button>

      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={ATTACHMENT_TEXT.menuButton}
          className="absolute bottom-full left-0 z-30 mb-3 w-56 rounded-2xl border border-line bg-panel p-1.5 shadow-xl"
        >
          <button
            type="button"
            role="menuitem"
            className={ENTRY}
            onClick={() => cameraRef.current?.click()}
          >
            <Camera size={18} aria-hidden className="text-accent" />
            {ATTACHMENT_TEXT.takePhoto}
          </button>
          <button
            type="button"
            role="menuitem"
            className={ENTRY}
            onClick={() => fileRef.current?.click()}
          >
            <Upload size={18} aria-hidden className="text-accent" />
            {ATTACHMENT_TEXT.uploadFile}
          </button>
          <button
            type="button"
            role="menuitem"
            className={ENTRY}
            onClick={() => {
              setOpen(false);
              setPrompting(true);
            }}
          >
            <Globe size={18} aria-hidden className="text-accent" />
            {ATTACHMENT_TEXT.openBrowserTab}
          </button>
        </div>
      )}

      <input
        ref={cameraRef}
        type="file"
        accept={CAMERA_ACCEPT}
        capture="environment"
        className="hidden"
        data-testid="take-photo-input"
        onChange={onFile}
      />
      <input
        ref={fileRef}
        type="file"
        accept={FILE_PICKER_ACCEPT}
        className="hidden"
        data-testid="upload-file-input"
        onChange={onFile}
      />

      <Dialog
        open={prompting}
        onOpenChange={(next) => {
          setPrompting(next);
          if (!next) setTyped('');
        }}
        title={ATTACHMENT_TEXT.promptTitle}
        description={ATTACHMENT_TEXT.promptHint}
      >
        <form onSubmit={submitPrompt} className="grid gap-3">
          <label htmlFor={inputId} className="text-sm font-medium">
            {ATTACHMENT_TEXT.promptLabel}
          </label>
          <input
            id={inputId}
            type="text"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="https://"
            className="rounded-xl border border-line bg-white px-3 py-2 text-base dark:bg-stone-900"
          />
          <div className="flex justify-end gap-2">
            <button
              type="button"
              onClick={() => setPrompting(false)}
              className="rounded-full px-4 py-2 text-sm font-medium hover:bg-stone-100 dark:hover:bg-stone-800"
            >
              {ATTACHMENT_TEXT.promptCancel}
            </button>
            <button
              type="submit"
              className="rounded-full bg-accent px-4 py-2 text-sm font-medium text-on-accent hover:bg-accent-hover"
            >
              {ATTACHMENT_TEXT.promptOpen}
            </button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
