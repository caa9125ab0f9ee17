// Console mode's own content (spec 002 "Manual console"): the execution log with reply-to, the input
// (Enter sends, Shift+Enter is a newline), upload and run, quick actions, system control, the engine
// status card, the drag-and-drop overlay, the uploaded files card and the footer line.
import {
  useEffect,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { CornerUpLeft, Play, Upload, X } from 'lucide-react';
import { classifyConsoleInput, FILE_ACCEPT_ATTRIBUTE } from '@/domain/console-input';
import { useOnline } from '@/lib/use-online';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { TASKS, useConsole, useEngineStatus } from '../hooks/useConsole';
import {
  bannerReplyPreview,
  logReplyPreview,
  logTime,
  type LogEntry,
  type LogEntryType,
} from '../model/console-log';
import { FilesCard } from './FilesCard';

export const CONSOLE_PANEL_TEXT = {
  placeholder: 'Chat with Kiri or enter code...',
  replyPlaceholder: 'Reply to Kiri...',
  dropHere: 'Drop files here to upload',
  offline:
    'The console needs the server: you are offline. What you type stays here until you send it online.',
  footer:
    'Safe autonomous code execution with rollback protection: code runs in the server’s sandbox, and the last snapshot can be loaded back.',
  notePrompt: 'Note to keep in the console log:',
} as const;

/** A button whose label may break inside a word: at 200% text 'Consciousness' is wider than the card. */
const wrapping = 'wrap-anywhere';
/** The engine status's label and value: beside each other, the value under its label at 200% text. */
const pair = 'flex flex-wrap gap-x-3';
const pairLabel = 'w-36 shrink-0 text-muted';
const pairValue = 'min-w-0 flex-1 basis-24';

const TYPE_STYLE: Record<LogEntryType, string> = {
  input: 'text-sky-800 dark:text-sky-300',
  output: 'text-emerald-800 dark:text-emerald-300',
  error: 'text-red-700 dark:text-red-400',
  kiri: 'text-violet-800 dark:text-violet-300',
};

const TYPE_LABEL: Record<LogEntryType, string> = {
  input: 'You',
  output: 'Output',
  error: 'Error',
  kiri: 'Kiri',
};

function LogLine({
  entry,
  repliedTo,
  onReply,
}: {
  entry: LogEntry;
  repliedTo: LogEntry | undefined;
  onReply: (entry: LogEntry) => void;
}) {
  return (
    <li className={cn('group grid gap-0.5 py-1', TYPE_STYLE[entry.type])} data-type={entry.type}>
      {entry.replyToId && (
        <span className="text-xs text-muted">
          ↪ {repliedTo ? logReplyPreview(repliedTo.content) : 'an earlier entry'}
        </span>
      )}
      <div className="flex items-start gap-2">
        <time
          className="shrink-0 text-xs text-muted tabular-nums"
          dateTime={new Date(entry.timestamp).toISOString()}
        >
          {logTime(entry.timestamp)}
        </time>
        <span className="shrink-0 text-xs font-semibold uppercase">{TYPE_LABEL[entry.type]}</span>
        <pre
          className={cn(
            'min-w-0 flex-1 text-sm break-words whitespace-pre-wrap',
            // Kiri speaks in prose; input, output and errors are code-like.
            entry.type === 'kiri' ? 'font-sans' : 'font-mono',
          )}
        >
          {entry.content}
        </pre>
        <button
          type="button"
          className="shrink-0 rounded p-1 text-muted hover:text-stone-900 dark:hover:text-stone-100"
          aria-label={`Reply to: ${logReplyPreview(entry.content)}`}
          onClick={() => onReply(entry)}
        >
          <CornerUpLeft className="size-4" aria-hidden />
        </button>
      </div>
    </li>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2 rounded-2xl border border-line bg-panel p-4">
      <h3 className="font-semibold wrap-anywhere">{title}</h3>
      {children}
    </section>
  );
}

function yesNo(value: boolean | null | undefined): string {
  return value === true ? 'Yes' : value === false ? 'No' : 'Unknown';
}

function timeText(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleTimeString();
}

export function ConsolePanel() {
  const online = useOnline();
  const status = useEngineStatus();
  const consoleState = useConsole();
  const { log, replyTo, setReplyTo, busy, files } = consoleState;
  const [input, setInput] = useState('');
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const picker = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const end = useRef<HTMLLIElement>(null);

  useEffect(() => {
    // jsdom has no scrollIntoView; browsers keep the newest line in sight.
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [log.length]);

  const submit = () => {
    // Offline nothing is sent and the text stays in the box; sent, it lives on in the log.
    if (!online || busy || classifyConsoleInput(input) === 'ignored') return;
    const text = input;
    setInput('');
    void consoleState.send(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a newline; an IME composing text keeps its Enter.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const startReply = (entry: LogEntry) => {
    setReplyTo(entry);
    box.current?.focus();
  };

  const onDragEnter = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    depth.current += 1;
    setDragging(true);
  };
  const onDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    const dropped = Array.from(event.dataTransfer.files);
    if (dropped.length > 0) void consoleState.upload(dropped);
  };

  const byId = new Map(log.map((entry) => [entry.id, entry]));
  const engine = status.data;
  const updated =
    timeText(engine?.timestamp) ??
    (status.dataUpdatedAt ? new Date(status.dataUpdatedAt).toLocaleTimeString() : null);

  return (
    <div
      className="relative grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]"
      onDragEnter={onDragEnter}
      onDragOver={(event) => event.preventDefault()}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      {dragging && (
        <div
          className="pointer-events-none absolute inset-0 z-10 grid place-items-center rounded-2xl border-2 border-dashed border-accent bg-panel/90 text-lg font-semibold"
          data-testid="console-drop-overlay"
        >
          {CONSOLE_PANEL_TEXT.dropHere}
        </div>
      )}
      <div className="grid min-w-0 content-start gap-3">
        <section
          aria-labelledby="console-log-title"
          className="grid gap-2 rounded-2xl border border-line bg-panel p-4"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="console-log-title" className="min-w-0 font-semibold wrap-anywhere">
              Execution Console
            </h3>
            {log.length > 0 && (
              <Button size="sm" variant="ghost" onClick={consoleState.clear}>
                Clear
              </Button>
            )}
          </div>
          <ol
            aria-label="Console log"
            aria-live="polite"
            className="max-h-[50vh] min-h-32 overflow-y-auto"
            data-testid="console-log"
          >
            {log.length === 0 && (
              <li className="text-sm text-muted">
                Nothing yet: ask Kiri something or run a snippet.
              </li>
            )}
            {log.map((entry) => (
              <LogLine
                key={entry.id}
                entry={entry}
                repliedTo={entry.replyToId ? byId.get(entry.replyToId) : undefined}
                onReply={startReply}
              />
            ))}
            <li ref={end} aria-hidden className="h-0" />
          </ol>
          {!online && (
            <p
              role="status"
              className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
            >
              {CONSOLE_PANEL_TEXT.offline}
            </p>
          )}
          {replyTo && (
            <div
              className="flex items-center gap-2 rounded-lg bg-stone-100 px-3 py-2 text-sm dark:bg-stone-900"
              data-testid="console-reply-banner"
            >
              <CornerUpLeft className="size-4 shrink-0" aria-hidden />
              <span className="min-w-0 flex-1 truncate">
                Replying to: {bannerReplyPreview(replyTo.content)}
              </span>
              <button
                type="button"
                aria-label="Cancel reply"
                className="rounded p-1 hover:bg-stone-200 dark:hover:bg-stone-800"
                onClick={() => setReplyTo(null)}
              >
                <X className="size-4" aria-hidden />
              </button>
            </div>
          )}
          <form
            className="flex items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <textarea
              ref={box}
              value={input}
              onChange={(event) => setInput(event.target.value)}
              onKeyDown={onKeyDown}
              rows={3}
              aria-label="Console input"
              placeholder={
                replyTo ? CONSOLE_PANEL_TEXT.replyPlaceholder : CONSOLE_PANEL_TEXT.placeholder
              }
              className="min-h-20 w-0 min-w-0 flex-1 resize-y rounded-xl border border-line bg-transparent p-2 font-mono text-base"
            />
            <div className="grid gap-2">
              <Button
                type="button"
                size="icon"
                variant="outline"
                aria-label="Upload files"
                onClick={() => picker.current?.click()}
              >
                <Upload className="size-4" aria-hidden />
              </Button>
              <Button type="submit" size="icon" aria-label="Run" disabled={busy || !online}>
                <Play className="size-4" aria-hidden />
              </Button>
            </div>
          </form>
          <input
            ref={picker}
            type="file"
            multiple
            hidden
            accept={FILE_ACCEPT_ATTRIBUTE}
            data-testid="console-file-input"
            onChange={(event) => {
              const chosen = Array.from(event.target.files ?? []);
              event.target.value = '';
              if (chosen.length > 0) void consoleState.upload(chosen);
            }}
          />
        </section>
        <FilesCard
          files={files.data}
          loading={files.isPending}
          failed={files.isError}
          onProcess={consoleState.process}
          onRemove={consoleState.remove}
        />
      </div>
      <div className="grid content-start gap-3">
        <Card title="Quick Actions">
          <div className="grid gap-2">
            {TASKS.map((task) => (
              <Button
                key={task.type}
                variant="outline"
                className={wrapping}
                disabled={!online}
                onClick={() => void consoleState.task(task.type, task.description)}
              >
                {task.label}
              </Button>
            ))}
          </div>
        </Card>
        <Card title="System Control">
          {/* Two columns on a phone, one at 200% text (a column is at least 9rem). */}
          <div className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,9rem),1fr))] gap-2 lg:grid-cols-1">
            <Button
              variant="outline"
              className={wrapping}
              disabled={!online}
              onClick={() => void consoleState.rollback()}
            >
              Load Rollback
            </Button>
            <Button
              variant="outline"
              className={wrapping}
              onClick={() => {
                const note = window.prompt(CONSOLE_PANEL_TEXT.notePrompt);
                if (note !== null) consoleState.saveNote(note);
              }}
            >
              Save Note
            </Button>
            <Button
              variant="outline"
              className={wrapping}
              disabled={!online}
              onClick={() => picker.current?.click()}
            >
              Upload File
            </Button>
            <Button variant="outline" className={wrapping} onClick={() => void status.refetch()}>
              Refresh Status
            </Button>
          </div>
        </Card>
        <Card title="Engine Status">
          <dl className="grid gap-y-1 text-sm wrap-anywhere" data-testid="console-engine-status">
            {/* A label's column is 9rem; at 200% text the value goes under its label. */}
            <div className={pair}>
              <dt className={pairLabel}>Active</dt>
              <dd className={pairValue}>
                {engine ? yesNo(engine.active) : status.isError ? 'Unreachable' : 'Checking…'}
              </dd>
            </div>
            <div className={pair}>
              <dt className={pairLabel}>Rollback available</dt>
              <dd className={pairValue}>{engine ? yesNo(engine.rollbackAvailable) : '—'}</dd>
            </div>
            <div className={pair}>
              <dt className={pairLabel}>Input log active</dt>
              <dd className={pairValue}>
                {consoleState.logKept ? 'Yes' : 'No (this device does not keep it)'}
              </dd>
            </div>
            <div className={pair}>
              <dt className={pairLabel}>Last update</dt>
              <dd className={pairValue}>
                {updated ?? '—'}
                {engine && status.isError && ' (last known: the server did not answer)'}
              </dd>
            </div>
          </dl>
        </Card>
      </div>
      <p className="text-center text-xs text-muted lg:col-span-2">{CONSOLE_PANEL_TEXT.footer}</p>
    </div>
  );
}
