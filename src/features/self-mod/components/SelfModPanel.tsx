// The self-modification panel (spec 001 §2 "Self-modification panel"), shown in the manual console's
// self-mod mode: the config status card, the current greeting with 'Apply Latest Patch', the command box
// (text mapped by spec 001 §5: model/command-mapping.ts) and the TypeScript and Python log lists.
// Offline it shows the last known state, marked with its time, and offers no action.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { SELF_MOD_TEXT } from '@/domain/self-mod';
import { isApiError } from '@/lib/api';
import { useOnline } from '@/lib/use-online';
import { useTimeZone } from '@/lib/use-time-zone';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { useApplyLatestPatch, useExecuteCommand, useSelfModData } from '../hooks/useSelfMod';
import { commandFromText } from '../model/command-mapping';
import {
  PANEL_TEXT,
  panelFailure,
  type SelfModConfig,
  type SelfModGreeting,
} from '../model/self-mod';
import { OfflineNotice } from '@/ui/OfflineNotice';

function timeText(at: number | string, timeZone: string | undefined): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return String(at);
  try {
    return new Intl.DateTimeFormat(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone,
    }).format(date);
  } catch {
    return date.toLocaleString();
  }
}

export function SelfModPanel() {
  const data = useSelfModData();
  const online = useOnline();
  const timeZone = useTimeZone();
  const [text, setText] = useState('');
  const execute = useExecuteCommand(() => setText(''));
  const apply = useApplyLatestPatch();
  const inputId = useId();

  const queries = [data.config, data.greeting, data.logs, data.pythonLogs];
  const failures = queries
    .filter((query) => query.isError)
    .map((query) => panelFailure(isApiError(query.error) ? query.error.status : null));
  if (failures.includes('denied')) {
    return (
      <p role="alert" className="rounded-xl border border-line bg-panel p-4 text-muted">
        {PANEL_TEXT.denied}
      </p>
    );
  }
  const unreachable = !online || failures.includes('unreachable');
  const known = queries.filter((query) => query.data !== undefined);
  if (known.length === 0) {
    return (
      <p role="status" className="text-muted">
        {failures.length > 0 ? PANEL_TEXT.nothingKnown : PANEL_TEXT.loading}
      </p>
    );
  }
  const lastKnownAt = Math.min(...known.map((query) => query.dataUpdatedAt));
  const busy = execute.isPending || apply.isPending;
  const mapped = commandFromText(text);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mapped === null || busy || unreachable) return;
    execute.mutate(mapped);
  };
  const refresh = () => {
    for (const query of queries) void query.refetch();
  };

  return (
    <div className="grid gap-4" data-testid="self-mod-panel">
      {unreachable && (
        <OfflineNotice title={PANEL_TEXT.offlineTitle}>
          {PANEL_TEXT.offlineKnown(timeText(lastKnownAt, timeZone))}
        </OfflineNotice>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <ConfigCard config={data.config.data} />
        <GreetingCard
          greeting={data.greeting.data}
          timeZone={timeZone}
          disabled={busy || unreachable}
          applying={apply.isPending}
          onApply={() => apply.mutate()}
        />
      </div>
      <Card title={PANEL_TEXT.commandLabel}>
        <form className="grid gap-2 sm:grid-cols-[1fr_auto]" onSubmit={submit}>
          <label htmlFor={inputId} className="sr-only">
            {PANEL_TEXT.commandLabel}
          </label>
          <input
            id={inputId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={PANEL_TEXT.commandPlaceholder}
            disabled={unreachable}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            className="min-h-11 w-full rounded-lg border border-line bg-transparent px-3 text-base"
          />
          <Button type="submit" disabled={mapped === null || busy || unreachable}>
            {execute.isPending ? PANEL_TEXT.executing : PANEL_TEXT.execute}
          </Button>
        </form>
        <p className="text-xs text-muted">{PANEL_TEXT.placeholders}</p>
        {execute.data?.success && execute.data.message && (
          <p className="text-sm">
            <span className="text-muted">{PANEL_TEXT.reply}: </span>
            <span className="whitespace-pre-wrap break-words" data-testid="self-mod-answer">
              {execute.data.message}
            </span>
          </p>
        )}
      </Card>
      <div className="flex justify-end">
        <Button variant="outline" size="sm" onClick={refresh} disabled={unreachable}>
          <RefreshCw
            size={14}
            aria-hidden
            className={cn(queries.some((query) => query.isFetching) && 'animate-spin')}
          />
          {PANEL_TEXT.refresh}
        </Button>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <LogList title={PANEL_TEXT.tsLogs} lines={data.logs.data} empty={SELF_MOD_TEXT.noLogs} />
        <LogList
          title={PANEL_TEXT.pythonLogs}
          lines={data.pythonLogs.data}
          empty={SELF_MOD_TEXT.noPythonLogs}
        />
      </div>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="grid content-start gap-3 rounded-2xl border border-line bg-panel p-4 shadow-sm"
    >
      <h3 className="font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function ConfigCard({ config }: { config: SelfModConfig | undefined }) {
  return (
    <Card title={PANEL_TEXT.config}>
      {config ? (
        <dl className="grid gap-2 text-sm">
          <div>
            <dt className="text-muted">{PANEL_TEXT.domainTriggers}</dt>
            <dd className="font-medium">
              {config.trigger_via_domain ? PANEL_TEXT.accepted : PANEL_TEXT.notAccepted}
            </dd>
          </div>
          <div>
            <dt className="text-muted">{PANEL_TEXT.commands}</dt>
            <dd className="flex flex-wrap gap-1.5 pt-1">
              {config.supported_commands.map((command) => (
                <code key={command} className="rounded-md border border-line px-1.5 py-0.5 text-xs">
                  {command}
                </code>
              ))}
            </dd>
          </div>
          <p className="text-xs text-muted">{PANEL_TEXT.otherText}</p>
        </dl>
      ) : (
        <p className="text-sm text-muted">{PANEL_TEXT.nothingKnown}</p>
      )}
    </Card>
  );
}

function GreetingCard({
  greeting,
  timeZone,
  disabled,
  applying,
  onApply,
}: {
  greeting: SelfModGreeting | undefined;
  timeZone: string | undefined;
  disabled: boolean;
  applying: boolean;
  onApply: () => void;
}) {
  if (!greeting) {
    return (
      <Card title={PANEL_TEXT.greeting}>
        <p className="text-sm text-muted">{PANEL_TEXT.nothingKnown}</p>
      </Card>
    );
  }
  return (
    <Card title={PANEL_TEXT.greeting}>
      {greeting.source === 'owner' && greeting.text !== null ? (
        <div className="grid gap-1.5">
          <blockquote
            className="whitespace-pre-wrap break-words border-l-4 border-accent pl-3"
            data-testid="self-mod-greeting"
          >
            {greeting.text}
          </blockquote>
          {greeting.preview !== null && greeting.preview !== greeting.text && (
            <p className="text-sm">
              <span className="text-muted">{PANEL_TEXT.heardAs}: </span>
              {greeting.preview}
            </p>
          )}
          {greeting.setAt && (
            <p className="text-xs text-muted">
              {PANEL_TEXT.setAt} {timeText(greeting.setAt, timeZone)}
            </p>
          )}
        </div>
      ) : (
        <p className="text-sm" data-testid="self-mod-greeting">
          {PANEL_TEXT.engineGreeting}
        </p>
      )}
      <div className="grid gap-2 border-t border-line pt-3">
        <p className="text-sm text-muted" data-testid="self-mod-pending">
          {PANEL_TEXT.pending(greeting.pendingPatches)}
        </p>
        {greeting.latestPatch && (
          <p className="text-sm">
            <span className="text-muted">{PANEL_TEXT.latestPatch}: </span>
            <span className="break-words">{greeting.latestPatch.text}</span>
          </p>
        )}
        <div>
          <Button
            variant="secondary"
            disabled={disabled || greeting.pendingPatches === 0}
            onClick={onApply}
          >
            <RefreshCw size={16} aria-hidden className={cn(applying && 'animate-spin')} />
            {PANEL_TEXT.applyPatch}
          </Button>
        </div>
      </div>
    </Card>
  );
}

function LogList({
  title,
  lines,
  empty,
}: {
  title: string;
  lines: string[] | undefined;
  empty: string;
}) {
  return (
    <Card title={title}>
      {lines === undefined || lines.length === 0 ? (
        <p className="text-sm text-muted">
          {lines === undefined ? PANEL_TEXT.nothingKnown : empty}
        </p>
      ) : (
        <ul className="grid max-h-80 gap-1 overflow-auto font-mono text-xs">
          {lines.map((line, index) => (
            <li key={`${index}-${line}`} className="whitespace-pre-wrap break-all">
              {line}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export default SelfModPanel;
