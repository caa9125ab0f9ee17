// The settings sidebar (spec 000 §2.6, w-80): search over label, description and group title; the
// device's sessions with a plus button; collapsible groups with the items the viewer's role and device
// may see; and reorder mode for the Integration group (§4: long press 350 ms, drag, save, reset, cancel).
// Opened from the chat header's settings button (SettingsLauncher), over the page from the right.
import { useEffect, useMemo, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router';
import { db } from '@/db/db';
import { listSessions } from '@/db/sessions';
import { isApiError } from '@/lib/api';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { toast } from '@/ui/use-toast';
import { resetLayout, saveLayout, sidebarLayoutKey } from '../api/sidebar-layout';
import { useSidebarLayout } from '../hooks/useSidebarLayout';
import { visibleGroups, type NavGroup, type NavItem } from '../model/groups';
import { createLongPress } from '../model/long-press';
import { dropIndex, moveItem, sameOrder } from '../model/reorder';
import { filterGroups, resultCount, resultText, SEARCH_PLACEHOLDER } from '../model/search';
import { LAYOUT_TOASTS, serverErrorText } from '../model/texts';
import { ArrowDown, ArrowUp, Chevron, Close, Grip, ItemIcon, PlusIcon, SearchIcon } from './icons';

export interface SettingsSidebarProps {
  todayId: string | null;
  viewedId: string | null;
  onSelectSession: (id: string) => void;
  onNewSession: () => void;
  onClose: () => void;
  /** After a reset the page reloads (spec 000 §7); tests pass their own. */
  reload?: () => void;
}

/** Long enough for the 'Layout Reset' toast to be read before the page reloads (spec 000 §7). */
const RELOAD_AFTER_RESET_MS = 1_000;

const ROW =
  'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm text-stone-700 transition-colors hover:bg-[#f3ebe4] dark:text-stone-300 dark:hover:bg-[#2a2522]';
const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

export default function SettingsSidebar({
  todayId,
  viewedId,
  onSelectSession,
  onNewSession,
  onClose,
  reload = () => window.location.reload(),
}: SettingsSidebarProps) {
  const layout = useSidebarLayout();
  const queryClient = useQueryClient();
  const sessions = useLiveQuery(() => listSessions(db), []);
  const [query, setQuery] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [draft, setDraft] = useState<string[] | null>(null);
  const [busy, setBusy] = useState<'save' | 'reset' | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const groups = useMemo(
    () => visibleGroups(layout.viewer, layout.integration),
    [layout.viewer, layout.integration],
  );
  const searching = query.trim() !== '';
  const shown = useMemo(() => filterGroups(groups, query), [groups, query]);
  const found = resultText(query, resultCount(shown));
  const integrationIds = layout.integration.map((item) => item.id);

  useEffect(() => {
    searchRef.current?.focus();
  }, []);

  // Reorder mode edits a draft of the order; until the first move the draft is the order as shown.
  const [reorderOn, setReorderOn] = useState(false);
  const startReorder = () => {
    setQuery('');
    setDraft(null);
    setReorderOn(true);
  };
  // Built once: the long press only calls state setters, which never change.
  const [press] = useState(() => createLongPress(startReorder));
  const enterReorder = () => {
    if (layout.canReorder) startReorder();
  };
  const leaveReorder = () => {
    // A long press whose click never reached its link (the row turned into a reorder row).
    press.takeFired();
    setReorderOn(false);
    setDraft(null);
  };
  // Reorder mode ends if the server stops answering or the role loses the right.
  const reordering = reorderOn && layout.canReorder;
  const order = draft ?? integrationIds;

  const save = async () => {
    setBusy('save');
    try {
      const answer = await saveLayout(order);
      queryClient.setQueryData(sidebarLayoutKey, answer);
      leaveReorder();
      toast({ title: LAYOUT_TOASTS.saved });
    } catch (error) {
      toast({
        title: LAYOUT_TOASTS.saveFailed,
        description:
          (isApiError(error) ? serverErrorText(error.bodyText) : null) ??
          LAYOUT_TOASTS.saveFailedDefault,
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  const reset = async () => {
    setBusy('reset');
    try {
      const answer = await resetLayout();
      queryClient.setQueryData(sidebarLayoutKey, answer);
      leaveReorder();
      toast({ title: LAYOUT_TOASTS.reset });
      setTimeout(reload, RELOAD_AFTER_RESET_MS);
    } catch (error) {
      toast({
        title: LAYOUT_TOASTS.resetFailed,
        description:
          (isApiError(error) ? serverErrorText(error.bodyText) : null) ??
          LAYOUT_TOASTS.resetFailedDefault,
        variant: 'destructive',
      });
      setBusy(null);
    }
  };

  const toggleGroup = (id: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div
      className="fixed inset-0 z-40 flex justify-end"
      role="dialog"
      aria-modal="true"
      aria-label="Settings"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          if (reordering) leaveReorder();
          else onClose();
        }
      }}
    >
      <button
        type="button"
        aria-label="Close settings"
        tabIndex={-1}
        className="flex-1 bg-stone-950/40 backdrop-blur-[1px]"
        onClick={onClose}
      />
      <nav
        aria-label="Settings sidebar"
        className="flex h-full w-80 max-w-[100vw] shrink-0 flex-col overflow-y-auto border-l border-line bg-panel pt-[env(safe-area-inset-top)] pr-[env(safe-area-inset-right)] pb-[max(env(safe-area-inset-bottom),0.75rem)] text-sm shadow-2xl"
      >
        <div className="flex h-14 shrink-0 items-center justify-between px-4">
          <h2 className="text-base font-semibold text-stone-900 dark:text-stone-50">Settings</h2>
          <button
            type="button"
            aria-label="Close settings"
            onClick={onClose}
            className={cn(
              'inline-flex h-9 w-9 items-center justify-center rounded-lg text-stone-600 hover:bg-[#f3ebe4] dark:text-stone-300 dark:hover:bg-[#2a2522]',
              FOCUS,
            )}
          >
            <Close size={18} />
          </button>
        </div>

        <div className="px-4">
          <label className="relative block">
            <span className="sr-only">Search settings</span>
            <SearchIcon
              size={16}
              className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted"
            />
            <input
              ref={searchRef}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={SEARCH_PLACEHOLDER}
              disabled={reordering}
              className="h-10 w-full rounded-lg border border-line bg-white pr-3 pl-9 text-[16px] text-stone-900 placeholder:text-muted focus:border-accent-line focus:outline-none disabled:opacity-60 sm:text-sm dark:bg-[#221e1b] dark:text-stone-100"
            />
          </label>
          <p role="status" className="min-h-5 pt-1.5 text-xs text-muted">
            {found}
          </p>
          {layout.note && (
            <p className="mb-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:bg-amber-900/30 dark:text-amber-100">
              {layout.note}
            </p>
          )}
        </div>

        {!searching && (
          <section className="px-2 pt-1" aria-labelledby="settings-sessions">
            <div className="flex items-center justify-between px-3 pb-1">
              <h3
                id="settings-sessions"
                className="text-[11px] font-semibold tracking-wider text-muted uppercase"
              >
                Sessions
              </h3>
              <button
                type="button"
                aria-label="New Session"
                title="New Session"
                onClick={() => {
                  onNewSession();
                  onClose();
                }}
                className={cn(
                  'inline-flex h-7 w-7 items-center justify-center rounded-md text-stone-600 hover:bg-[#f3ebe4] dark:text-stone-300 dark:hover:bg-[#2a2522]',
                  FOCUS,
                )}
              >
                <PlusIcon size={16} />
              </button>
            </div>
            <ul aria-label="Sessions" className="grid max-h-44 grid-cols-1 gap-0.5 overflow-y-auto">
              {(sessions ?? []).map((session) => (
                <li key={session.id}>
                  <button
                    type="button"
                    aria-current={session.id === viewedId ? 'true' : undefined}
                    onClick={() => {
                      onSelectSession(session.id);
                      onClose();
                    }}
                    className={cn(
                      ROW,
                      'py-1.5',
                      session.id === viewedId && 'bg-accent-soft text-on-accent-soft',
                      FOCUS,
                    )}
                  >
                    <span className="truncate">
                      {session.id === todayId ? 'Today' : session.title}
                    </span>
                  </button>
                </li>
              ))}
              {sessions && sessions.length === 0 && (
                <li className="px-3 py-1.5 text-xs text-muted">No sessions on this device yet.</li>
              )}
            </ul>
          </section>
        )}

        {shown.map((group) =>
          group.reorderable && reordering ? (
            <ReorderGroup
              key={group.id}
              group={group}
              order={order}
              busy={busy}
              changed={!sameOrder(order, integrationIds)}
              onOrder={setDraft}
              onSave={() => void save()}
              onReset={() => void reset()}
              onCancel={leaveReorder}
            />
          ) : (
            <Group
              key={group.id}
              group={group}
              open={searching || !collapsed.has(group.id)}
              onToggle={() => toggleGroup(group.id)}
              action={
                group.reorderable && layout.canReorder && !searching ? (
                  <button
                    type="button"
                    onClick={enterReorder}
                    className={cn(
                      'rounded-md px-2 py-0.5 text-xs text-muted hover:bg-[#f3ebe4] dark:hover:bg-[#2a2522]',
                      FOCUS,
                    )}
                  >
                    Reorder
                  </button>
                ) : null
              }
            >
              {group.items.map((item) => (
                <li key={item.id}>
                  <ItemLink
                    item={item}
                    onNavigate={onClose}
                    // Held 350 ms, an Integration item starts reorder mode (spec 000 §4).
                    press={group.reorderable && layout.canReorder && !searching ? press : null}
                  />
                </li>
              ))}
            </Group>
          ),
        )}
      </nav>
    </div>
  );
}

function Group({
  group,
  open,
  onToggle,
  action,
  children,
}: {
  group: NavGroup;
  open: boolean;
  onToggle: () => void;
  action: ReactNode;
  children: ReactNode;
}) {
  const listId = `settings-group-${group.id}`;
  return (
    <section className="px-2 pt-3" aria-label={group.title}>
      <div className="flex items-center justify-between gap-2 pr-1">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={onToggle}
          className={cn(
            'flex flex-1 items-center gap-1.5 rounded-md px-3 py-1 text-left text-[11px] font-semibold tracking-wider text-muted uppercase',
            FOCUS,
          )}
        >
          <Chevron size={12} className={cn('transition-transform', open && 'rotate-90')} />
          {group.title}
        </button>
        {action}
      </div>
      {open && (
        <ul id={listId} className="grid grid-cols-1 gap-0.5 pt-1">
          {children}
        </ul>
      )}
    </section>
  );
}

function ItemLink({
  item,
  onNavigate,
  press,
}: {
  item: NavItem;
  onNavigate: () => void;
  press: ReturnType<typeof createLongPress> | null;
}) {
  const point = (event: PointerEvent) => ({ x: event.clientX, y: event.clientY });
  return (
    <Link
      to={item.route}
      onClick={(event) => {
        // The press that opened reorder mode is not also a tap on the link.
        if (press?.takeFired()) {
          event.preventDefault();
          return;
        }
        onNavigate();
      }}
      onPointerDown={press ? (event) => press.down(point(event)) : undefined}
      onPointerMove={press ? (event) => press.move(point(event)) : undefined}
      onPointerUp={press ? () => press.up() : undefined}
      onPointerCancel={press ? () => press.up() : undefined}
      onPointerLeave={press ? () => press.up() : undefined}
      onContextMenu={press ? (event) => event.preventDefault() : undefined}
      className={cn(ROW, press && 'select-none [-webkit-touch-callout:none]', FOCUS)}
    >
      {item.icon && <ItemIcon name={item.icon} />}
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{item.label}</span>
        <span className="block truncate text-xs text-muted">{item.description}</span>
      </span>
    </Link>
  );
}

function ReorderGroup({
  group,
  order,
  busy,
  changed,
  onOrder,
  onSave,
  onReset,
  onCancel,
}: {
  group: NavGroup;
  order: readonly string[];
  busy: 'save' | 'reset' | null;
  changed: boolean;
  onOrder: (order: string[]) => void;
  onSave: () => void;
  onReset: () => void;
  onCancel: () => void;
}) {
  const rows = useRef(new Map<string, HTMLLIElement>());
  const [dragging, setDragging] = useState<string | null>(null);
  const byId = new Map(group.items.map((item) => [item.id, item]));
  const items = order.flatMap((id) => byId.get(id) ?? []);

  const dragTo = (y: number) => {
    if (!dragging) return;
    const from = order.indexOf(dragging);
    const middles = order.map((id) => {
      const rect = rows.current.get(id)?.getBoundingClientRect();
      return rect ? rect.top + rect.height / 2 : 0;
    });
    const to = dropIndex(y, middles, from);
    if (to !== from) onOrder(moveItem(order, from, to));
  };

  return (
    <section className="px-2 pt-3" aria-label={`${group.title} (reordering)`}>
      <p className="px-3 pb-1 text-[11px] font-semibold tracking-wider text-muted uppercase">
        {group.title}
      </p>
      <p className="px-3 pb-1.5 text-xs text-muted">Drag an item, or use its arrows, then save.</p>
      <ul aria-label="Reorder items" className="grid grid-cols-1 gap-1">
        {items.map((item, index) => (
          <li
            key={item.id}
            ref={(node) => {
              if (node) rows.current.set(item.id, node);
              else rows.current.delete(item.id);
            }}
            data-item-id={item.id}
            // Dragging is the pointer's way; the keyboard's is the row's Move up / Move down buttons.
            // eslint-disable-next-line no-restricted-syntax -- a drag gesture, not a control
            onPointerDown={(event) => {
              if ((event.target as HTMLElement).closest('button')) return;
              event.currentTarget.setPointerCapture(event.pointerId);
              setDragging(item.id);
            }}
            onPointerMove={(event) => dragTo(event.clientY)}
            // eslint-disable-next-line no-restricted-syntax -- the end of the same drag
            onPointerUp={() => setDragging(null)}
            onPointerCancel={() => setDragging(null)}
            className={cn(
              'flex touch-none items-center gap-2 rounded-lg border border-line bg-white px-2 py-1.5 select-none dark:bg-[#221e1b]',
              dragging === item.id && 'border-accent-line shadow-md',
            )}
          >
            <Grip size={16} className="shrink-0 cursor-grab text-muted" />
            {item.icon && <ItemIcon name={item.icon} />}
            <span className="min-w-0 flex-1 truncate font-medium text-stone-800 dark:text-stone-200">
              {item.label}
            </span>
            <button
              type="button"
              aria-label={`Move ${item.label} up`}
              disabled={index === 0}
              onClick={() => onOrder(moveItem(order, index, index - 1))}
              className={cn(
                'inline-flex h-8 w-8 items-center justify-center rounded-md hover:bg-[#f3ebe4] disabled:opacity-30 dark:hover:bg-[#2a2522]',
                FOCUS,
              )}
            >
              <ArrowUp size={15} />
            </button>
            <button
              type="button"
              aria-label={`Move ${item.label} down`}
              disabled={index === items.length - 1}
              onClick={() => onOrder(moveItem(order, index, index + 1))}
              className={cn(
                'inline-flex h-8 w-8 items-center justify-center rounded-md hover:bg-[#f3ebe4] disabled:opacity-30 dark:hover:bg-[#2a2522]',
                FOCUS,
              )}
            >
              <ArrowDown size={15} />
            </button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2 px-1 pt-2">
        <Button size="sm" onClick={onSave} disabled={busy !== null || !changed}>
          {busy === 'save' ? 'Saving...' : 'Save'}
        </Button>
        <Button size="sm" variant="outline" onClick={onReset} disabled={busy !== null}>
          {busy === 'reset' ? 'Resetting...' : 'Reset'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel} disabled={busy !== null}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
