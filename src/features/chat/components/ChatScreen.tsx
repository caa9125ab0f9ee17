// The main chat (/, /full-chat, /full): one responsive screen uniting the spec's variants A and B
// (000 §2.2). It renders from the device store's live queries; sending writes there and asks the
// outbox to deliver. Rarely used parts (sidebar, overlay, menu) load when first opened.
import { Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { db } from '@/db/db';
import { deleteMessageHere, retryFailedMessage } from '@/db/messages';
import type { MessageRow } from '@/db/schema';
import { isTooLong } from '@/domain/chat-limits';
import { DEFAULT_TIME_ZONE, sessionTitle } from '@/domain/day-session';
import { readAuthFlags, useAuthStatus, usePersonaName } from '@/lib/auth-session';
import { useAfterFirstPaint } from '@/lib/after-paint';
import { lazyComponent } from '@/lib/lazy-component';
import { requestReplay } from '@/lib/outbox-sync';
import { cn } from '@/ui/cn';
import { toast } from '@/ui/use-toast';
import { useDaySession } from '../hooks/useDaySession';
import { useDraft } from '../hooks/useDraft';
import { useDyslexiaMode, useVision } from '../hooks/useFrameSettings';
import { useInitialGreeting } from '../hooks/useInitialGreeting';
import { useKiriSeen } from '../hooks/useKiriSeen';
import { useLatestReply } from '../hooks/useLatestReply';
import type { PressPoint } from '../hooks/useLongPress';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { presumedTodayId, useOpeningRead } from '../hooks/opening-read';
import { useOnline } from '@/lib/use-online';
import { useOutboxWaiting } from '../hooks/useOutboxWaiting';
import { useSendMessage } from '../hooks/useSendMessage';
import { useSessionMessages } from '../hooks/useSessionMessages';
import { useStatusRecheck } from '../hooks/useStatusRecheck';
import { removeSessionFlag } from '../hooks/session-flags';
import { useTimeZone } from '@/lib/use-time-zone';
import { useUserName } from '../hooks/useUserName';
import { useViewportHeight } from '../hooks/useViewportHeight';
import { canSend } from '../model/composer';
import { GREETED_KEY } from '../model/latest-reply';
import { pressAction } from '../model/message-menu';
import { connectionView } from '../model/offline-banner';
import { INITIAL_MESSAGE_LIMIT, nextMessageLimit } from '../model/scroll';
import { MOBILE_QUERY, SIDEBAR_WIDTH_PX } from '../model/layout';
import { CHAT_TEXT, TOAST_TEXT } from '../model/texts';
import { ConnectionBanner, NewDayBanner, PastDayBanner, ReplyBanner } from './Banners';
import { ChatHeader } from './ChatHeader';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import type { FrameSlots } from './FramePanels';
import { FOOTER_FRAME, PAGE, PANEL, SIDEBAR_FRAME } from './palette';
import { ToolsStrip, type FramePanel } from './ToolsStrip';

const ChatSidebar = lazyComponent(() => import('./ChatSidebar'));
const LatestReplyOverlay = lazyComponent(() => import('./LatestReplyOverlay'));
const MessageMenu = lazyComponent(() => import('./MessageMenu'));
const ReminderDialog = lazyComponent(() => import('./ReminderDialog'));
const MessageTarget = lazyComponent(() => import('./MessageTarget'));

/** How long the message a notification opened stays marked: long enough to be noticed, then it fades. */
const FOCUS_MARK_MS = 2_500;
const FramePanels = lazyComponent(() => import('./FramePanels'));
const FrameMarks = lazyComponent(() => import('./FrameMarks'));

/**
 * What other features build for the chat, handed in by the chat's route (src/app): a feature never
 * imports another. Each is rendered where the spec puts it, and nothing is rendered for one not given.
 */
export interface ChatScreenProps extends FrameSlots {
  /** The mood orb and thought-map strip under the header (src/features/mood). */
  moodStrip?: ReactNode;
  /** The attachment menu beside the composer (src/features/attachments), after the first paint. */
  attachmentMenu?: ReactNode;
  /** The browser tasks' overlay and bubble (src/features/browser-tasks), after the first paint. */
  browserTasks?: ReactNode;
  /** The settings sidebar's button in the header (src/features/settings-nav), given the sessions. */
  settingsNav?: (slot: SettingsNavSlot) => ReactNode;
}

/** What the settings sidebar needs of the chat: its Sessions list switches the chat's session. */
export interface SettingsNavSlot {
  todayId: string | null;
  viewedId: string | null;
  onSelectSession: (id: string) => void;
  onNewSession: () => void;
}

/** Holds the attachment button's place until its code arrives, so the text box does not move. */
const ATTACHMENT_PLACEHOLDER = <span aria-hidden className="mb-0.5 -ml-2.5 h-9 w-9 shrink-0" />;

function startsWide(): boolean {
  return typeof matchMedia === 'function' && !matchMedia(MOBILE_QUERY).matches;
}

export function ChatScreen({
  memoryPanel,
  devcoreCard,
  tonePresets,
  imagePanel,
  moodStrip,
  attachmentMenu,
  browserTasks,
  settingsNav,
}: ChatScreenProps = {}) {
  useViewportHeight();
  const personaName = usePersonaName();
  const status = useAuthStatus();
  useStatusRecheck();
  const userName = useUserName();
  const online = useOnline();
  const opening = useOpeningRead();
  const timeZone = useTimeZone(opening?.timeZone);
  const isMobile = useMediaQuery(MOBILE_QUERY);

  const day = useDaySession(timeZone);
  // Today's list shows from the opening read; the day check (a write) confirms the same id after it.
  const todayId = day.todayId ?? presumedTodayId(opening, timeZone);
  const [viewedId, setViewedId] = useState<string | null>(null);
  const sessionId = viewedId ?? todayId;
  const isToday = sessionId !== null && sessionId === todayId;

  const [paging, setPaging] = useState({ id: sessionId, limit: INITIAL_MESSAGE_LIMIT });
  const limit = paging.id === sessionId ? paging.limit : INITIAL_MESSAGE_LIMIT;
  const messages = useSessionMessages(sessionId, limit, opening?.messages);
  const loadedCount = messages?.rows.length ?? 0;
  useKiriSeen(messages?.rows, messages?.readAt ?? 0);
  const onLoadOlder = useCallback(() => {
    setPaging((current) => {
      const currentLimit = current.id === sessionId ? current.limit : INITIAL_MESSAGE_LIMIT;
      return loadedCount >= currentLimit
        ? { id: sessionId, limit: nextMessageLimit(currentLimit) }
        : current;
    });
  }, [sessionId, loadedCount]);

  const waiting = useOutboxWaiting();
  const draft = useDraft();
  const send = useSendMessage(day.ensureToday, userName);
  const [greetAttempt, setGreetAttempt] = useState(0);
  useInitialGreeting(
    day.todayId,
    online,
    status.data?.user?.clientId ?? readAuthFlags().clientId,
    greetAttempt,
    // Named once registered or paired; the status answer without a name is a device still pending.
    userName !== null ? true : status.data ? false : undefined,
  );
  const latest = useLatestReply();

  const [replyTarget, setReplyTarget] = useState<MessageRow | null>(null);
  const [menu, setMenu] = useState<{ row: MessageRow; point: PressPoint } | null>(null);
  const [reminderFor, setReminderFor] = useState<MessageRow | null>(null);
  const [sidebarOpen, setSidebarOpen] = useState(startsWide);
  const painted = useAfterFirstPaint();
  const [toolsOpen, setToolsOpen] = useState(false);
  const [panel, setPanel] = useState<FramePanel | null>(null);
  const closePanel = useCallback(() => setPanel(null), []);
  const vision = useVision();
  const [dyslexia, toggleDyslexia] = useDyslexiaMode();
  const [jumpSignal, setJumpSignal] = useState(0);
  const jumpToLatest = useCallback(() => setJumpSignal((n) => n + 1), []);

  // A notification's click opens /?message=<id>: the chat goes to that message (MessageTarget, loaded
  // only then), the list scrolls there and marks it, and the URL forgets it (a reload stays put).
  const location = useLocation();
  const navigate = useNavigate();
  const targetId = new URLSearchParams(location.search).get('message');
  const [focusId, setFocusId] = useState<string | null>(null);
  const forgetTarget = useCallback(() => {
    const search = new URLSearchParams(location.search);
    search.delete('message');
    const rest = search.toString();
    void navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
      { replace: true },
    );
  }, [location.pathname, location.search, location.hash, navigate]);
  const onFocused = useCallback(
    (id: string) => {
      forgetTarget();
      setTimeout(() => setFocusId((current) => (current === id ? null : current)), FOCUS_MARK_MS);
    },
    [forgetTarget],
  );
  const onTargetLimit = useCallback(
    (next: number) => setPaging({ id: sessionId, limit: next }),
    [sessionId],
  );
  const onTargetDay = useCallback(
    (id: string) => setViewedId(id === todayId ? null : id),
    [todayId],
  );
  const onTargetGiveUp = useCallback(() => {
    setFocusId(null);
    forgetTarget();
  }, [forgetTarget]);

  const sendEnabled = canSend(draft.text);
  const onSend = async () => {
    const text = draft.text;
    if (!canSend(text)) return;
    if (isTooLong(text)) {
      // Kept in the box: the server would refuse it, and nothing the owner typed is lost.
      toast({ title: TOAST_TEXT.tooLongTitle, description: TOAST_TEXT.tooLong(text.length) });
      return;
    }
    const replyToId = replyTarget?.id ?? null;
    const cleared = draft.clearInput();
    setReplyTarget(null);
    // The composer writes into today's session: the view follows it there.
    setViewedId(null);
    try {
      await send({ text, replyToId });
      await draft.forget(cleared);
      jumpToLatest();
    } catch (error) {
      console.error('Could not store the message', error);
      draft.restore(text);
      toast({
        title: 'Not sent',
        description: 'Your message could not be saved on this device. It is back in the box.',
        variant: 'destructive',
      });
    }
  };

  const onPress = useCallback((row: MessageRow, point: PressPoint) => {
    if (pressAction(row.sender) === 'reply') setReplyTarget(row);
    else setMenu({ row, point });
  }, []);
  const onRetry = useCallback((id: string) => {
    void retryFailedMessage(db, id, Date.now(), navigator.onLine === false).then(() =>
      requestReplay(),
    );
  }, []);
  const onDeleteFailed = useCallback((id: string) => {
    void deleteMessageHere(db, id, Date.now()).then(() => toast({ title: TOAST_TEXT.deleted }));
  }, []);
  const closeMenu = useCallback(() => setMenu(null), []);
  const closeReminder = useCallback(() => setReminderFor(null), []);

  const closeSidebarOnMobile = () => {
    if (isMobile) setSidebarOpen(false);
  };
  const selectSession = (id: string) => {
    setViewedId(id === todayId ? null : id);
    closeSidebarOnMobile();
  };
  const newSession = () => {
    draft.clearInput();
    void draft.forget();
    setReplyTarget(null);
    removeSessionFlag(GREETED_KEY);
    setGreetAttempt((n) => n + 1);
    setViewedId(null);
    jumpToLatest();
    closeSidebarOnMobile();
  };
  const backToToday = () => {
    setViewedId(null);
    jumpToLatest();
  };

  const connection = connectionView({
    online,
    serverUnreachable: status.isError,
    waiting: waiting?.count ?? 0,
    retrying: waiting?.retrying ?? false,
  });
  // Formatting a date in a zone builds Intl formatters: once per session, not on every render.
  const viewedTitle = useMemo(
    () => (sessionId ? sessionTitle(sessionId) : CHAT_TEXT.defaultSessionTitle),
    [sessionId],
  );

  // The sidebar's code and its reads wait until the chat has painted (its panel keeps its place).
  const sidebar = sidebarOpen && painted && (
    <Suspense fallback={null}>
      <ChatSidebar
        personaName={personaName}
        userName={userName}
        todayId={todayId}
        viewedId={sessionId}
        online={online}
        serverUnreachable={status.isError}
        waiting={waiting?.count}
        onSelectSession={selectSession}
        onNewSession={newSession}
        onNavigate={closeSidebarOnMobile}
      />
    </Suspense>
  );

  return (
    <div
      className={cn('fixed inset-x-0 flex overflow-hidden', PAGE)}
      style={{ top: 'var(--kiri-vv-top, 0px)', height: 'var(--kiri-vv-height, 100dvh)' }}
      data-vision={vision.vision}
      data-dyslexia={dyslexia ? 'on' : 'off'}
    >
      {!isMobile && sidebarOpen && (
        <aside className={cn(SIDEBAR_FRAME, PANEL)} style={{ width: SIDEBAR_WIDTH_PX }}>
          {sidebar}
        </aside>
      )}

      <div className="flex min-w-0 flex-1 flex-col">
        <ChatHeader
          personaName={personaName}
          sessionTitle={isToday || !sessionId ? CHAT_TEXT.defaultSessionTitle : viewedTitle}
          sidebarOpen={sidebarOpen}
          onToggleSidebar={() => setSidebarOpen((open) => !open)}
          onLatestReply={latest.show}
          offline={connection.headerOffline}
          toolsOpen={toolsOpen}
          onToggleTools={() => setToolsOpen((open) => !open)}
          marks={
            painted && (
              <Suspense fallback={null}>
                <FrameMarks />
              </Suspense>
            )
          }
          settings={
            painted &&
            settingsNav?.({
              todayId,
              viewedId: sessionId,
              onSelectSession: selectSession,
              onNewSession: newSession,
            })
          }
        />
        {toolsOpen && (
          <ToolsStrip
            sidebarOpen={sidebarOpen}
            dyslexia={dyslexia}
            panel={panel}
            onToggleSidebar={() => setSidebarOpen((open) => !open)}
            onToggleDyslexia={toggleDyslexia}
            onTogglePanel={(which) => setPanel((open) => (open === which ? null : which))}
          />
        )}
        {painted && moodStrip}

        <main className="relative min-h-0 flex-1 pr-[env(safe-area-inset-right)] pl-[env(safe-area-inset-left)]">
          {day.banner && <NewDayBanner title={day.banner.title} onDismiss={day.dismissBanner} />}
          {messages && sessionId ? (
            <MessageList
              sessionId={sessionId}
              rows={messages.rows}
              readAt={messages.readAt}
              hasMore={messages.hasMore}
              isToday={isToday}
              dayTitle={viewedTitle}
              personaName={personaName}
              jumpSignal={jumpSignal}
              focusId={focusId}
              onFocused={onFocused}
              onLoadOlder={onLoadOlder}
              onPress={onPress}
              onRetry={onRetry}
              onDelete={onDeleteFailed}
            />
          ) : (
            <div className="h-full" aria-busy="true" />
          )}
        </main>

        <footer className={cn(FOOTER_FRAME, 'in-data-[keyboard=open]:pb-2')}>
          {connection.banner && <ConnectionBanner banner={connection.banner} />}
          {!isToday && sessionId && <PastDayBanner title={viewedTitle} onToday={backToToday} />}
          {replyTarget && (
            <ReplyBanner
              target={replyTarget}
              personaName={personaName}
              onCancel={() => setReplyTarget(null)}
            />
          )}
          <Composer
            value={draft.text}
            onChange={draft.setText}
            onSend={() => void onSend()}
            sendEnabled={sendEnabled}
            placeholder={CHAT_TEXT.composerPlaceholder(personaName)}
            focusKey={replyTarget?.id}
            attachments={attachmentMenu && (painted ? attachmentMenu : ATTACHMENT_PLACEHOLDER)}
          />
        </footer>
      </div>

      {isMobile && sidebarOpen && (
        <div
          className="fixed inset-0 z-40 flex"
          role="dialog"
          aria-modal="true"
          aria-label="Sidebar"
        >
          <div
            className={cn('h-full shrink-0 shadow-2xl', PANEL)}
            style={{ width: SIDEBAR_WIDTH_PX }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setSidebarOpen(false);
            }}
          >
            {sidebar}
          </div>
          <button
            type="button"
            aria-label="Close sidebar"
            className="flex-1 bg-stone-950/40 backdrop-blur-[1px]"
            onClick={() => setSidebarOpen(false)}
          />
        </div>
      )}

      {targetId && painted && (
        <Suspense fallback={null}>
          <MessageTarget
            key={targetId}
            targetId={targetId}
            viewedSessionId={messages ? sessionId : null}
            limit={limit}
            onOpenDay={onTargetDay}
            onLimit={onTargetLimit}
            onFocus={setFocusId}
            onGiveUp={onTargetGiveUp}
          />
        </Suspense>
      )}
      {painted && browserTasks}
      {panel && (
        <Suspense fallback={null}>
          <FramePanels
            panel={panel}
            isMobile={isMobile}
            vision={vision}
            onClose={closePanel}
            memoryPanel={memoryPanel}
            devcoreCard={devcoreCard}
            tonePresets={tonePresets}
            imagePanel={imagePanel}
          />
        </Suspense>
      )}
      {vision.vision === 'night' && (
        // Night vision: a warm dim over the whole chat, which lets every touch through.
        <div
          aria-hidden
          data-testid="night-vision-filter"
          className="pointer-events-none fixed inset-0 z-50 bg-[#2a1200]/25 mix-blend-multiply"
        />
      )}
      {menu && (
        <Suspense fallback={null}>
          <MessageMenu
            row={menu.row}
            point={menu.point}
            onClose={closeMenu}
            onSetReminder={setReminderFor}
          />
        </Suspense>
      )}
      {reminderFor && (
        <Suspense fallback={null}>
          <ReminderDialog
            row={reminderFor}
            timeZone={timeZone ?? DEFAULT_TIME_ZONE}
            onClose={closeReminder}
          />
        </Suspense>
      )}
      {latest.open && (
        <Suspense fallback={null}>
          <LatestReplyOverlay
            personaName={personaName}
            onClose={latest.close}
            onContinue={(shownId) => {
              latest.close(shownId);
              backToToday();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

export default ChatScreen;
