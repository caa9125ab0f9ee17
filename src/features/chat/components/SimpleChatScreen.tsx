// The minimal chat (/home, /simple-mobile; spec 000 §2.2 "Minimal alternative chat screen"): a title,
// bubbles, 'Type a message...' and a Send button that shows '...' while busy. The simple online
// variant: it posts { message, history } to /api/chat directly. Still, nothing typed is lost: on a
// failure the text goes back into the box.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Maximize2 } from 'lucide-react';
import { isTooLong } from '@/domain/chat-limits';
import { uuidv7 } from '@/domain/uuidv7';
import { apiRequest } from '@/lib/api';
import { usePersonaName } from '@/lib/auth-session';
import { cn } from '@/ui/cn';
import { ThemeToggle } from '@/ui/ThemeToggle';
import { toast } from '@/ui/use-toast';
import { simpleChatBody, simpleReplyParts, type SimpleBubble } from '../model/simple-chat';
import { SIMPLE_CHAT_TEXT, TOAST_TEXT } from '../model/texts';
import { KiriAvatar } from './KiriAvatar';
import { ACCENT_BUTTON, BAR, KIRI_BUBBLE, PAGE, USER_BUBBLE } from './palette';

function bubble(sender: 'user' | 'kiri', message: string, failed?: boolean): SimpleBubble {
  const now = Date.now();
  return { id: uuidv7(now), sender, message, timestamp: now, ...(failed ? { failed } : {}) };
}

export default function SimpleChatScreen() {
  const personaName = usePersonaName();
  const [bubbles, setBubbles] = useState<SimpleBubble[]>(() => [
    bubble('kiri', SIMPLE_CHAT_TEXT.greeting),
  ]);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const endRef = useRef<HTMLDivElement>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [bubbles]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message || busy) return;
    if (isTooLong(message)) {
      toast({ title: TOAST_TEXT.tooLongTitle, description: TOAST_TEXT.tooLong(message.length) });
      return;
    }
    const mine = bubble('user', message);
    const body = simpleChatBody(message, bubbles);
    setBubbles((current) => [...current, mine]);
    setText('');
    setBusy(true);
    try {
      const res = await apiRequest('POST', '/api/chat', body, {
        headers: { 'Idempotency-Key': mine.id },
      });
      if (!res.ok) throw new Error(`${res.status}`);
      const parts = simpleReplyParts(await res.json());
      let delay = 0;
      parts.forEach((part, index) => {
        delay += index === 0 ? 0 : part.delayMs;
        const show = () => setBubbles((current) => [...current, bubble('kiri', part.text)]);
        if (delay === 0) show();
        else timers.current.push(setTimeout(show, delay));
      });
    } catch {
      setBubbles((current) => [
        ...current.map((b) => (b.id === mine.id ? { ...b, failed: true } : b)),
        bubble('kiri', SIMPLE_CHAT_TEXT.failure),
      ]);
      // The owner's words go back into the box (unless a new message was started meanwhile).
      setText((current) => (current.trim() ? current : message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={cn('fixed inset-0 flex flex-col', PAGE)}>
      <header className={cn('border-b pt-[env(safe-area-inset-top)]', BAR)}>
        <div className="flex h-14 items-center gap-2 pr-[max(env(safe-area-inset-right),0.5rem)] pl-[max(env(safe-area-inset-left),1rem)]">
          <KiriAvatar name={personaName} size={30} />
          <div className="min-w-0 flex-1 leading-tight">
            <p className="truncate text-bubble font-semibold">{personaName}</p>
            <h1 className="truncate text-xs text-stone-500 dark:text-stone-400">
              {SIMPLE_CHAT_TEXT.title}
            </h1>
          </div>
          <ThemeToggle />
          <Link
            to="/"
            aria-label="Open the full chat"
            title="Open the full chat"
            className="inline-flex h-10 w-10 items-center justify-center rounded-lg hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent dark:hover:bg-stone-800"
          >
            <Maximize2 size={18} aria-hidden />
          </Link>
        </div>
      </header>
      <main className="flex-1 overflow-y-auto px-3 py-4 pr-[max(env(safe-area-inset-right),0.75rem)] pl-[max(env(safe-area-inset-left),0.75rem)]">
        <ol className="mx-auto grid max-w-2xl gap-2">
          {bubbles.map((b) => (
            <li
              key={b.id}
              data-sender={b.sender}
              className={cn('flex', b.sender === 'user' ? 'justify-end' : 'justify-start')}
            >
              <p
                className={cn(
                  'max-w-[82%] rounded-[20px] px-3.5 py-2 text-bubble leading-relaxed break-words whitespace-pre-wrap',
                  b.sender === 'user'
                    ? cn('rounded-br-md', USER_BUBBLE)
                    : cn('rounded-bl-md', KIRI_BUBBLE),
                  b.failed && 'opacity-70',
                )}
              >
                {b.message}
              </p>
            </li>
          ))}
        </ol>
        <div ref={endRef} />
      </main>
      <form
        onSubmit={(event) => void send(event)}
        className={cn(
          'flex gap-2 border-t px-3 pt-2 pr-[max(env(safe-area-inset-right),0.75rem)] pb-[max(env(safe-area-inset-bottom),0.75rem)] pl-[max(env(safe-area-inset-left),0.75rem)]',
          BAR,
        )}
      >
        <input
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={SIMPLE_CHAT_TEXT.placeholder}
          aria-label={SIMPLE_CHAT_TEXT.placeholder}
          enterKeyHint="send"
          className="h-11 min-w-0 flex-1 rounded-full border border-[#e7dbd0] bg-white px-4 text-base focus:border-accent-line focus:outline-none dark:border-stone-700 dark:bg-[#221e1b]"
        />
        <button
          type="submit"
          disabled={busy || !text.trim()}
          className={cn(
            'h-11 min-w-16 rounded-full px-4 font-medium transition-colors disabled:opacity-50',
            ACCENT_BUTTON,
          )}
        >
          {busy ? SIMPLE_CHAT_TEXT.busy : 'Send'}
        </button>
      </form>
    </div>
  );
}
