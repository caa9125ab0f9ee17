// The composer (spec 000 §2.2 variant B): grows from 40 to 150 px; Enter sends, Shift+Enter is a
// newline, Ctrl/Cmd+Enter sends; Send is disabled for empty text only (a message written while another
// is on its way queues behind it).
import { useLayoutEffect, useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { ArrowUp } from 'lucide-react';
import { cn } from '@/ui/cn';
import { COMPOSER_MAX_HEIGHT_PX, composerHeight, composerKeyAction } from '../model/composer';
import { CHAT_TEXT } from '../model/texts';
import { ACCENT_BUTTON, COMPOSER_FRAME, FOCUS_RING } from './palette';

export interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  sendEnabled: boolean;
  placeholder: string;
  /** Changes whenever the composer should take the focus (a reply target was chosen). */
  focusKey?: string | null;
  /** Before the text: the attachment menu (src/features/attachments), handed in by the chat's route. */
  attachments?: ReactNode;
}

export function Composer({
  value,
  onChange,
  onSend,
  sendEnabled,
  placeholder,
  focusKey,
  attachments,
}: ComposerProps) {
  const ref = useRef<HTMLTextAreaElement>(null);

  useLayoutEffect(() => {
    const area = ref.current;
    if (!area) return;
    area.style.height = 'auto';
    const content = area.scrollHeight;
    area.style.height = `${composerHeight(content)}px`;
    area.style.overflowY = content > COMPOSER_MAX_HEIGHT_PX ? 'auto' : 'hidden';
  }, [value]);

  useLayoutEffect(() => {
    if (focusKey) ref.current?.focus();
  }, [focusKey]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (sendEnabled) onSend();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = composerKeyAction({
      key: event.key,
      shiftKey: event.shiftKey,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      isComposing: event.nativeEvent.isComposing,
    });
    if (action === 'send') {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} className={COMPOSER_FRAME}>
      {attachments}
      <textarea
        ref={ref}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        aria-label={placeholder}
        rows={1}
        enterKeyHint="send"
        autoComplete="off"
        className="block min-h-10 flex-1 resize-none bg-transparent py-2 text-base leading-6 text-stone-900 placeholder:text-stone-400 focus:outline-none dark:text-stone-100 dark:placeholder:text-stone-500"
        style={{ height: 40 }}
      />
      <button
        type="submit"
        aria-label={CHAT_TEXT.send}
        disabled={!sendEnabled}
        // Keep the keyboard up on a phone: the tap must not take the focus from the text.
        onPointerDown={(event) => event.preventDefault()}
        className={cn(
          'mb-0.5 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full transition-colors',
          FOCUS_RING,
          sendEnabled
            ? ACCENT_BUTTON
            : 'cursor-not-allowed bg-stone-100 text-stone-300 dark:bg-stone-800 dark:text-stone-600',
        )}
      >
        <ArrowUp size={18} strokeWidth={2.5} aria-hidden />
      </button>
    </form>
  );
}
