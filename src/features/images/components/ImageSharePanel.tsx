// The image share panel (spec 000 §2.2, §4, §5): choose a photo or take one, see it, add a note, mark
// it temporary, share. The photo goes through the outbox, so it is kept and shown in the chat at once
// even offline; the panel waits while it is processed and then resets (uploaded, or saved for later)
// or keeps the file and note and says why (refused). Loaded only when the panel opens.
import { useEffect, useReducer, useRef, useState } from 'react';
import { checkImageFile, IMAGE_ACCEPT, IMAGE_TEXT, processedText } from '@/domain/image-rules';
import { usePersonaName } from '@/lib/auth-session';
import { BlobImage } from '@/ui/BlobImage';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { toast } from '@/ui/use-toast';
import { useSharePhoto, useUploadState } from '../hooks/useSharePhoto';
import { EMPTY_PANEL, isProcessing, PANEL_TEXT, panelReducer } from '../model/share-panel';

export interface ImageSharePanelProps {
  /** A file chosen elsewhere (the attachment menu's Take Photo / Upload File): the panel opens with it. */
  initialFile?: File | null;
  /** Called when a photo has been shared (uploaded, or saved to be sent later). */
  onDone?: () => void;
}

export function ImageSharePanel({ initialFile = null, onDone }: ImageSharePanelProps) {
  const [state, dispatch] = useReducer(panelReducer, EMPTY_PANEL);
  const share = useSharePhoto();
  const upload = useUploadState(state.photoId);
  const personaName = usePersonaName();
  const chooseRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);

  const choose = (file: File | undefined | null) => {
    if (!file) return;
    const check = checkImageFile(file);
    if (!check.ok)
      toast({ title: check.title, description: check.description, variant: 'destructive' });
    dispatch({ type: 'choose', file });
  };

  useEffect(() => {
    if (initialFile) choose(initialFile);
    // Only a new file from outside counts; `choose` is the same every render in effect.
  }, [initialFile]);

  // The upload's end, as the device store tells it.
  const progress = upload?.progress;
  const error = upload?.error;
  useEffect(() => {
    if (!state.photoId || !progress || progress === 'processing') return;
    if (progress === 'uploaded') {
      dispatch({ type: 'uploaded' });
      toast({ title: IMAGE_TEXT.uploadedTitle, description: processedText(personaName) });
      onDone?.();
    } else if (progress === 'queued') {
      dispatch({ type: 'queued' });
      toast({ title: PANEL_TEXT.queuedTitle, description: PANEL_TEXT.queued });
      onDone?.();
    } else {
      dispatch({ type: 'failed', reason: error });
      toast({
        title: IMAGE_TEXT.uploadFailedTitle,
        description: error || IMAGE_TEXT.uploadFailedFallback,
        variant: 'destructive',
      });
    }
  }, [state.photoId, progress, error, personaName, onDone]);

  const [storing, setStoring] = useState(false);
  const busy = storing || isProcessing(state);
  const submit = async () => {
    if (!state.file || busy) return;
    setStoring(true);
    try {
      const photoId = await share({
        file: state.file,
        note: state.note,
        temporary: state.temporary,
      });
      dispatch({ type: 'processing', photoId });
    } catch {
      dispatch({ type: 'failed', reason: IMAGE_TEXT.uploadFailedFallback });
    } finally {
      setStoring(false);
    }
  };

  return (
    <form
      data-testid="image-share-panel"
      data-state={busy ? 'processing' : state.file ? 'chosen' : 'empty'}
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <input
        ref={chooseRef}
        type="file"
        accept={IMAGE_ACCEPT}
        // Reached through the buttons below (a styled picker); out of the accessibility tree, so
        // the button is the one 'Choose a photo' there.
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="image-file-input"
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <input
        ref={cameraRef}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {state.file ? (
        <BlobImage
          blob={state.file}
          alt={PANEL_TEXT.preview}
          data-testid="image-preview"
          className="max-h-64 w-full rounded-xl bg-stone-100 object-contain dark:bg-stone-800"
        />
      ) : (
        <p className="text-sm text-muted">{PANEL_TEXT.noFile}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={() => chooseRef.current?.click()}
        >
          {PANEL_TEXT.choose}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={() => cameraRef.current?.click()}
        >
          {PANEL_TEXT.takePhoto}
        </Button>
        {state.file && (
          <Button
            variant="ghost"
            size="sm"
            disabled={busy}
            onClick={() => dispatch({ type: 'clear' })}
          >
            {PANEL_TEXT.remove}
          </Button>
        )}
      </div>
      {state.file && (
        <>
          <label className="grid gap-1 text-sm">
            <span>{PANEL_TEXT.noteLabel}</span>
            <textarea
              value={state.note}
              disabled={busy}
              rows={2}
              placeholder={PANEL_TEXT.notePlaceholder}
              onChange={(event) => dispatch({ type: 'note', note: event.target.value })}
              className="resize-none rounded-lg border border-line bg-transparent px-3 py-2 text-base"
            />
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              role="switch"
              checked={state.temporary}
              disabled={busy}
              onChange={(event) => dispatch({ type: 'temporary', temporary: event.target.checked })}
              className="mt-1 h-4 w-4 accent-[var(--color-accent)]"
            />
            <span>
              <span className="font-medium">{PANEL_TEXT.temporaryLabel}</span>
              <span className="block text-muted">{PANEL_TEXT.temporaryHint}</span>
            </span>
          </label>
          <Button type="submit" disabled={busy}>
            {busy ? PANEL_TEXT.processing : PANEL_TEXT.share}
          </Button>
        </>
      )}
      {state.notice && (
        <p
          role={state.notice.tone === 'error' ? 'alert' : 'status'}
          data-testid="image-panel-notice"
          className={cn(
            'text-sm',
            state.notice.tone === 'error' ? 'text-red-600 dark:text-red-400' : 'text-muted',
          )}
        >
          {state.notice.text}
        </p>
      )}
    </form>
  );
}

export default ImageSharePanel;
