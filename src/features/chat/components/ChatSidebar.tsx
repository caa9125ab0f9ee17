// The chat sidebar (spec 000 §2.5): Navigation, Sessions, System Status (real values only), User, and
// the version. Loaded when first opened.
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { NavLink } from 'react-router';
import { LogOut, Plus, Sparkles, Trash2 } from 'lucide-react';
import { db } from '@/db/db';
import { listSessions, removeExpiredSessions } from '@/db/sessions';
import { canAskPersistentStorage, readStoragePersisted } from '@/db/storage-persist';
import { isHomeScreenApp } from '@/lib/home-screen';
import { getJson } from '@/lib/api';
import { useLogout } from '@/lib/auth-session';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { Dialog } from '@/ui/Dialog';
import { toast } from '@/ui/use-toast';
import {
  APP_VERSION,
  COMING_SOON,
  messageCountText,
  NAV_LINKS,
  systemStatusRows,
  homeScreenAdvice,
} from '../model/sidebar';
import { useConsciousnessStatus, useEmotionalState } from '../hooks/useFrameStatus';
import { ACCENT_SOFT } from './palette';

export interface ChatSidebarProps {
  personaName: string;
  userName: string | null;
  todayId: string | null;
  /** The session in view. */
  viewedId: string | null;
  online: boolean;
  /** The last status check failed while the browser says online. */
  serverUnreachable: boolean;
  waiting: number | undefined;
  onSelectSession: (id: string) => void;
  onNewSession: () => void;
  /** A link was followed (the mobile overlay closes). */
  onNavigate: () => void;
}

interface FallbackStatus {
  current_provider?: unknown;
}

export default function ChatSidebar({
  personaName,
  userName,
  todayId,
  viewedId,
  online,
  serverUnreachable,
  waiting,
  onSelectSession,
  onNewSession,
  onNavigate,
}: ChatSidebarProps) {
  const sessions = useLiveQuery(() => listSessions(db), []);
  const storageAnswer = useLiveQuery(() => readStoragePersisted(db), []);
  // Where the browser cannot be asked (WebKit without its Storage API), that itself is the answer:
  // nothing asks it to keep the chats.
  const storagePersisted = canAskPersistentStorage(
    typeof navigator === 'undefined' ? undefined : navigator.storage,
  )
    ? (storageAnswer ?? undefined)
    : null;
  const [homeScreen] = useState(isHomeScreenApp);
  const advice = homeScreenAdvice({ storagePersisted, homeScreen });
  const engine = useQuery({
    queryKey: ['fallback-system', 'status'],
    queryFn: getJson<FallbackStatus | null>('/api/fallback-system/status', { on401: 'returnNull' }),
    retry: false,
    staleTime: 30_000,
    meta: { persist: false },
  });
  const provider =
    typeof engine.data?.current_provider === 'string' ? engine.data.current_provider : null;
  const emotionalState = useEmotionalState();
  const consciousness = useConsciousnessStatus();
  const logout = useLogout();
  const [confirming, setConfirming] = useState(false);

  const removeOld = async () => {
    setConfirming(false);
    if (!todayId) return;
    const removed = await removeExpiredSessions(db, todayId);
    toast({
      title: removed === 0 ? 'Nothing to remove' : 'Old sessions removed',
      description:
        removed === 0
          ? 'No session is older than 30 days.'
          : `${removed} session${removed === 1 ? '' : 's'} older than 30 days removed from this device.`,
    });
  };

  return (
    <nav
      aria-label="Chat sidebar"
      className="flex h-full flex-col overflow-y-auto pt-[env(safe-area-inset-top)] pb-[max(env(safe-area-inset-bottom),0.75rem)] pl-[env(safe-area-inset-left)] text-sm"
    >
      <div className="flex h-14 shrink-0 items-center gap-2 px-4 text-base font-semibold">
        <Sparkles size={18} aria-hidden className="text-accent" />
        {personaName}
      </div>

      <Section title="Navigation">
        <ul className="grid grid-cols-1 gap-0.5">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'block rounded-lg px-3 py-2 transition-colors',
                    isActive
                      ? cn('font-medium', ACCENT_SOFT)
                      : 'text-stone-700 hover:bg-[#f3ebe4] dark:text-stone-300 dark:hover:bg-[#2a2522]',
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
          <li className="flex items-center justify-between rounded-lg px-3 py-2 text-muted">
            {COMING_SOON.label}
            <span className="rounded-full bg-stone-100 px-2 py-0.5 text-tiny text-stone-600 dark:bg-stone-800 dark:text-stone-300">
              {COMING_SOON.note}
            </span>
          </li>
        </ul>
      </Section>

      <Section title="Sessions">
        <button
          type="button"
          onClick={onNewSession}
          className="mb-1 flex w-full items-center gap-2 rounded-lg border border-dashed border-stone-300 px-3 py-2 text-stone-700 hover:bg-stone-50 dark:border-stone-700 dark:text-stone-300 dark:hover:bg-stone-800"
        >
          <Plus size={15} aria-hidden />
          New Session
        </button>
        <ul className="grid grid-cols-1 gap-0.5" aria-label="Sessions">
          {(sessions ?? []).map((session) => {
            const current = session.id === viewedId;
            return (
              <li key={session.id}>
                <button
                  type="button"
                  aria-current={current ? 'true' : undefined}
                  onClick={() => onSelectSession(session.id)}
                  title={session.title}
                  className={cn(
                    'flex w-full flex-col rounded-lg px-3 py-2 text-left transition-colors',
                    current
                      ? ACCENT_SOFT
                      : 'text-stone-700 hover:bg-[#f3ebe4] dark:text-stone-300 dark:hover:bg-[#2a2522]',
                  )}
                >
                  <span className="w-full truncate font-medium">
                    {session.id === todayId ? 'Today' : session.title}
                  </span>
                  <span className={cn('w-full truncate text-xs', !current && 'text-muted')}>
                    {messageCountText(session.messageCount)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className="mt-1 flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-xs text-muted hover:bg-stone-100 dark:hover:bg-stone-800"
        >
          <Trash2 size={13} aria-hidden />
          Remove sessions older than 30 days
        </button>
      </Section>

      <Section title="System Status">
        <dl className="grid gap-1 px-3">
          {systemStatusRows({
            personaName,
            online,
            serverUnreachable,
            waiting,
            provider,
            storagePersisted,
            homeScreen,
            emotionalState,
            consciousnessStreaming: consciousness.data?.isStreaming,
          }).map((row) => (
            <div key={row.label} className="flex justify-between gap-3">
              <dt className="text-muted">{row.label}</dt>
              <dd className="text-right font-medium text-stone-800 dark:text-stone-200">
                {row.value}
              </dd>
            </div>
          ))}
        </dl>
        {advice && <p className="mt-2 px-3 text-xs text-muted">{advice}</p>}
      </Section>

      <Section title="User">
        <div className="flex items-center justify-between gap-2 px-3">
          <span className="truncate font-medium text-stone-800 dark:text-stone-200">
            {userName ?? 'You'}
          </span>
          <Button variant="ghost" size="sm" onClick={() => void logout()}>
            <LogOut size={15} aria-hidden />
            Log out
          </Button>
        </div>
      </Section>

      <p className="mt-auto px-4 pt-4 text-xs text-muted">{APP_VERSION}</p>

      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove old sessions?"
        description="Sessions older than 30 days and their messages are removed from this device."
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void removeOld()}>
            Remove
          </Button>
        </div>
      </Dialog>
    </nav>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="px-2 pt-3">
      <h2 className="px-3 pb-1.5 text-tiny font-semibold tracking-wider text-muted uppercase">
        {title}
      </h2>
      {children}
    </section>
  );
}
