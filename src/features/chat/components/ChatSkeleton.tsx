// What the chat route shows while its code arrives: the same frame (header, empty list, composer), so
// the first paint is already the chat. Kept tiny: it is part of the app's first download.
import { usePersonaName } from '@/lib/auth-session';
import { CHAT_TEXT } from '../model/texts';
import { cn } from '@/ui/cn';
import { KiriAvatar } from './KiriAvatar';
import { BAR, PAGE } from './palette';

export function ChatSkeleton() {
  const personaName = usePersonaName();
  return (
    <div className={cn('fixed inset-0 flex flex-col', PAGE)} aria-busy="true">
      <header className={cn('border-b pt-[env(safe-area-inset-top)]', BAR)}>
        <div className="flex h-14 items-center gap-3 px-4">
          <span className="h-9 w-9" />
          <KiriAvatar name={personaName} size={32} />
          <div className="leading-tight">
            <p className="text-bubble font-semibold">{personaName}</p>
            <h1 className="text-xs text-stone-500 dark:text-stone-400">
              {CHAT_TEXT.defaultSessionTitle}
            </h1>
          </div>
        </div>
      </header>
      <div className="flex-1" />
      <div className="px-3 pt-2 pb-[max(env(safe-area-inset-bottom),0.75rem)]">
        <div className="mx-auto h-[54px] max-w-3xl rounded-[26px] border border-[#e7dbd0] bg-white dark:border-stone-700/80 dark:bg-[#221e1b]" />
      </div>
    </div>
  );
}
