// /whisperbridge (spec 001 §2 "Tone-sync tool"): the header with its Active/Disabled badge and sync
// mode, three cards, four tabs (Manual Sync, Tone Mirror, Sync History, Settings) and the guide.
// Offline it shows what was last read, marked as such, and refuses changes with a clear message.
import { useEffect, useId, useReducer, useRef, useState, type ReactNode } from 'react';
import { ArrowLeft, BookOpen, CircleCheck, CircleX, Copy, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import {
  CONFIG_TOGGLES,
  EMOTION_TONES,
  PRIMARY_DEVICES,
  qualityBand,
  SYNC_MODES,
  type QualityBand,
  type WhisperConfig,
} from '@/domain/whisperbridge';
import { useAuthStatus, usePersonaName } from '@/lib/auth-session';
import { useOnline } from '@/lib/use-online';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { toast } from '@/ui/use-toast';
import type { MirrorPrompt, SyncEntry, WhisperStatus } from '../api/whisperbridge-api';
import {
  useAddSync,
  useGuide,
  useMirrorPrompt,
  useSyncEntries,
  useUpdateConfig,
  useWhisperStatus,
} from '../hooks/useWhisperbridge';
import { copyText } from '@/lib/clipboard';
import {
  DEVICE_LABELS,
  SYNC_MODE_LABELS,
  TOGGLE_LABELS,
  TONE_LABELS,
  WHISPER_TEXT as T,
} from '../model/texts';
import { draftToSend, EMPTY_FORM, failureToast, formReducer } from '../model/whisper-model';

type TabId = 'manual' | 'mirror' | 'history' | 'settings';
const TABS: readonly TabId[] = ['manual', 'mirror', 'history', 'settings'];

const card = 'rounded-xl border border-line bg-panel p-4';
const field =
  'w-full rounded-lg border border-line bg-page px-3 py-2 text-base disabled:opacity-60';

export default function WhisperBridgeScreen() {
  const status = useWhisperStatus();
  const entries = useSyncEntries();
  const online = useOnline();
  const persona = usePersonaName();
  const auth = useAuthStatus();
  const canWrite =
    auth.data?.isAdmin === true || (auth.data?.permissions ?? []).includes('system_control');
  const [tab, setTab] = useState<TabId>('manual');
  const data = status.data;

  // One toast per failed read (after the query's own retries), not one per render.
  const toasted = useRef(0);
  useEffect(() => {
    if (online && status.isError && status.errorUpdatedAt !== toasted.current) {
      toasted.current = status.errorUpdatedAt;
      toast(failureToast(status.error, persona));
    }
  }, [online, status.isError, status.errorUpdatedAt, status.error, persona]);

  return (
    <section className="mx-auto grid w-full max-w-4xl gap-4 px-4 py-6" aria-labelledby="wb-title">
      <header className="flex flex-wrap items-center gap-3">
        <Link
          to="/"
          className="inline-flex h-10 items-center gap-2 rounded-lg px-2 hover:bg-stone-100 dark:hover:bg-stone-800"
        >
          <ArrowLeft size={18} aria-hidden />
          {T.back}
        </Link>
        <h1 id="wb-title" className="min-w-0 text-2xl font-semibold wrap-anywhere">
          {T.title}
        </h1>
        {data && (
          <>
            <span
              data-testid="wb-active"
              className={cn(
                'rounded-full px-3 py-1 text-sm font-semibold',
                data.config.enabled
                  ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100'
                  : 'bg-stone-200 text-stone-800 dark:bg-stone-800 dark:text-stone-200',
              )}
            >
              {data.config.enabled ? T.active : T.disabled}
            </span>
            <span className="min-w-0 text-sm text-muted wrap-anywhere" data-testid="wb-sync-mode">
              {T.syncMode}: {SYNC_MODE_LABELS[data.config.sync_mode]}
            </span>
          </>
        )}
      </header>

      {!online && (
        <p
          role="status"
          className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          {data ? T.offline(new Date(status.dataUpdatedAt).toLocaleTimeString()) : T.offlineNoData}
        </p>
      )}
      {data && auth.data && !canWrite && (
        <p role="note" className={cn(card, 'text-muted')}>
          {T.readOnly}
        </p>
      )}

      {!data && online && (
        <div className="grid gap-2">
          <p role="status" className="text-muted">
            {status.isError ? T.loadFailed : T.loading}
          </p>
          {status.isError && (
            <Button
              variant="outline"
              className="justify-self-start"
              onClick={() => void status.refetch()}
            >
              {T.tryAgain}
            </Button>
          )}
        </div>
      )}

      {data && (
        <>
          <SummaryCards status={data} />
          <div
            role="tablist"
            aria-label={T.title}
            className="flex gap-1 overflow-x-auto rounded-xl border border-line bg-panel p-1"
          >
            {TABS.map((id) => (
              <button
                key={id}
                type="button"
                role="tab"
                id={`wb-tab-${id}`}
                aria-selected={tab === id}
                aria-controls={`wb-panel-${id}`}
                onClick={() => setTab(id)}
                className={cn(
                  'min-h-10 flex-1 whitespace-nowrap rounded-lg px-3 text-sm font-medium',
                  tab === id
                    ? 'bg-accent text-on-accent'
                    : 'hover:bg-stone-100 dark:hover:bg-stone-800',
                )}
              >
                {T.tabs[id]}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`wb-panel-${tab}`} aria-labelledby={`wb-tab-${tab}`}>
            {tab === 'manual' && (
              <ManualSync
                config={data.config}
                online={online}
                canWrite={canWrite}
                persona={persona}
              />
            )}
            {tab === 'mirror' && (
              <ToneMirror online={online} canWrite={canWrite} persona={persona} />
            )}
            {tab === 'history' && (
              <SyncHistory entries={entries.data} loading={entries.isPending} />
            )}
            {tab === 'settings' && (
              <Settings
                config={data.config}
                online={online}
                canWrite={canWrite}
                persona={persona}
              />
            )}
          </div>
          <GuideSection />
        </>
      )}
    </section>
  );
}

function SummaryCards({ status }: { status: WhisperStatus }) {
  const { stats, config } = status;
  const recent = stats.recent_quality;
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <div className={card} data-testid="wb-card-quality">
        <h2 className="font-semibold">{T.syncQuality}</h2>
        <p className="mt-1 text-2xl font-semibold tabular-nums">
          {recent === null ? T.noQualityYet : `${recent}%`}
        </p>
        <div
          role="progressbar"
          aria-label={T.recentAverage}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={recent ?? 0}
          className="mt-2 h-2 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-800"
        >
          <div
            className={cn(
              'h-full rounded-full',
              recent === null ? '' : BAND_BAR[qualityBand(recent)],
            )}
            style={{ width: `${Math.min(100, Math.max(0, recent ?? 0))}%` }}
          />
        </div>
        <p className="mt-1 text-sm text-muted">{T.recentAverage}</p>
      </div>
      <div className={card} data-testid="wb-card-training">
        <h2 className="font-semibold">{T.trainingData}</h2>
        <p className="mt-1 text-2xl font-semibold tabular-nums">
          {T.entries(stats.total_sync_entries)}
        </p>
        <p className="text-sm text-muted">{T.averageQuality(stats.average_quality)}</p>
      </div>
      <div className={card} data-testid="wb-card-devices">
        <h2 className="font-semibold">{T.deviceSetup}</h2>
        <ul className="mt-2 grid gap-1">
          {PRIMARY_DEVICES.map((device) => (
            <li key={device} className="flex items-center gap-2">
              <span>{device === 'gpt' ? T.ipad : T.iphone}</span>
              {config.primary_device === device && (
                <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-on-accent">
                  {T.primary}
                </span>
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

const BAND_BAR: Record<QualityBand, string> = {
  green: 'bg-emerald-500',
  yellow: 'bg-amber-400',
  red: 'bg-red-500',
};

export function QualityIcon({ quality }: { quality: number }) {
  const band = qualityBand(quality);
  const props = { size: 18, 'aria-hidden': true } as const;
  return (
    <span data-band={band} className="inline-flex items-center gap-1 tabular-nums">
      {band === 'green' && <CircleCheck {...props} className="text-emerald-500" />}
      {band === 'yellow' && <TriangleAlert {...props} className="text-amber-500" />}
      {band === 'red' && <CircleX {...props} className="text-red-500" />}
      {T.quality(quality)}
    </span>
  );
}

function Panel({ children }: { children: ReactNode }) {
  return <div className={cn(card, 'grid gap-3')}>{children}</div>;
}

function ManualSync({
  config,
  online,
  canWrite,
  persona,
}: {
  config: WhisperConfig;
  online: boolean;
  canWrite: boolean;
  persona: string;
}) {
  const [form, dispatch] = useReducer(formReducer, EMPTY_FORM);
  const add = useAddSync();
  const id = useId();
  const draft = draftToSend(form, { pending: add.isPending, online, config, canWrite });
  const blocked = !config.enabled ? T.toolOff : !config.training_mode ? T.trainingOff : null;

  const submit = () => {
    if (!draft) return;
    add.mutate(draft, {
      onSuccess: (entry) => {
        dispatch({ type: 'added' });
        toast({ title: T.added, description: T.addedText(entry.sync_quality) });
      },
      onError: (error) => toast(failureToast(error, persona)),
    });
  };

  return (
    <Panel>
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className="grid gap-1" htmlFor={`${id}-gpt`}>
          <span className="font-medium">{T.gptLine}</span>
          <textarea
            id={`${id}-gpt`}
            rows={2}
            className={field}
            value={form.gptLine}
            placeholder={T.gptLinePlaceholder}
            onChange={(event) => dispatch({ type: 'gpt', value: event.target.value })}
          />
        </label>
        <label className="grid gap-1" htmlFor={`${id}-gemini`}>
          <span className="font-medium">{T.geminiMirror}</span>
          <textarea
            id={`${id}-gemini`}
            rows={2}
            className={field}
            value={form.geminiMirror}
            placeholder={T.geminiMirrorPlaceholder}
            onChange={(event) => dispatch({ type: 'gemini', value: event.target.value })}
          />
        </label>
        <label className="grid gap-1" htmlFor={`${id}-tone`}>
          <span className="font-medium">{T.emotionTone}</span>
          <select
            id={`${id}-tone`}
            className={field}
            value={form.tone}
            onChange={(event) =>
              dispatch({
                type: 'tone',
                value: event.target.value as (typeof EMOTION_TONES)[number],
              })
            }
          >
            {EMOTION_TONES.map((tone) => (
              <option key={tone} value={tone}>
                {TONE_LABELS[tone]}
              </option>
            ))}
          </select>
        </label>
        {blocked && (
          <p role="note" className="text-sm text-muted">
            {blocked}
          </p>
        )}
        {!online && (
          <p role="note" className="text-sm text-muted">
            {T.offlineWrite}
          </p>
        )}
        <Button type="submit" className="justify-self-start" disabled={!draft}>
          {add.isPending ? T.adding : T.addEntry}
        </Button>
      </form>
    </Panel>
  );
}

function ToneMirror({
  online,
  canWrite,
  persona,
}: {
  online: boolean;
  canWrite: boolean;
  persona: string;
}) {
  const [input, setInput] = useState('');
  const [result, setResult] = useState<MirrorPrompt | null>(null);
  const mirror = useMirrorPrompt();
  const id = useId();
  const trimmed = input.trim();
  const ready = trimmed !== '' && online && canWrite && !mirror.isPending;

  const generate = () => {
    if (!ready) return;
    mirror.mutate(trimmed, {
      onSuccess: setResult,
      onError: (error) => toast(failureToast(error, persona)),
    });
  };
  const copy = async () => {
    if (!result) return;
    const done = await copyText(result.prompt);
    toast(done ? { title: T.copied } : { title: T.copyFailed, variant: 'destructive' as const });
  };

  return (
    <Panel>
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          generate();
        }}
      >
        <label className="grid gap-1" htmlFor={`${id}-input`}>
          <span className="font-medium">{T.mirrorInput}</span>
          <input
            id={`${id}-input`}
            className={field}
            value={input}
            placeholder={T.mirrorPlaceholder}
            onChange={(event) => setInput(event.target.value)}
          />
        </label>
        {!online && (
          <p role="note" className="text-sm text-muted">
            {T.offlineWrite}
          </p>
        )}
        <Button type="submit" className="justify-self-start" disabled={!ready}>
          {mirror.isPending ? T.generating : T.generate}
        </Button>
      </form>
      {result && (
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="font-semibold">{T.mirrorPrompt}</h2>
            <Button variant="outline" size="sm" onClick={() => void copy()}>
              <Copy size={16} aria-hidden />
              {T.copy}
            </Button>
          </div>
          <p className="text-sm text-muted">{T.mirrorExamples(result.examples_used)}</p>
          <pre
            data-testid="wb-mirror-prompt"
            className="max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-lg border border-line bg-page p-3 text-sm"
          >
            {result.prompt}
          </pre>
        </div>
      )}
    </Panel>
  );
}

function SyncHistory({ entries, loading }: { entries: SyncEntry[] | undefined; loading: boolean }) {
  if (!entries) {
    return <Panel>{loading ? <p className="text-muted">{T.loading}</p> : null}</Panel>;
  }
  if (entries.length === 0) {
    return (
      <Panel>
        <p className="text-muted">{T.emptyHistory}</p>
      </Panel>
    );
  }
  return (
    <ul className="grid gap-2" aria-label={T.tabs.history}>
      {entries.map((entry) => (
        <li key={entry.id} className={cn(card, 'grid gap-2')} data-testid="wb-entry">
          <p>
            <span className="font-medium">GPT: </span>
            {entry.gpt_line}
          </p>
          <p>
            <span className="font-medium">Gemini: </span>
            {entry.gemini_mirror}
          </p>
          <div className="flex flex-wrap items-center gap-3 text-sm text-muted">
            <span
              data-testid="wb-entry-tone"
              className="rounded-full bg-stone-200 px-2 py-0.5 text-stone-900 dark:bg-stone-800 dark:text-stone-100"
            >
              {TONE_LABELS[entry.emotion_tone]}
            </span>
            <QualityIcon quality={entry.sync_quality} />
            <time dateTime={entry.timestamp}>{new Date(entry.timestamp).toLocaleString()}</time>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Settings({
  config,
  online,
  canWrite,
  persona,
}: {
  config: WhisperConfig;
  online: boolean;
  canWrite: boolean;
  persona: string;
}) {
  const update = useUpdateConfig();
  const id = useId();
  const disabled = !online || !canWrite;
  // What was just chosen, shown in the same event as the tap: a controlled control whose value arrives
  // a tick later (through the query cache) snaps back first. Dropped once the server has answered.
  const [chosen, setChosen] = useState<Partial<WhisperConfig>>({});
  const shown: WhisperConfig = { ...config, ...chosen };
  const send = (patch: Partial<WhisperConfig>) => {
    if (!online) {
      toast({ title: T.offlineWrite, variant: 'destructive' });
      return;
    }
    setChosen((before) => ({ ...before, ...patch }));
    const settle = () =>
      setChosen((before) => {
        const rest = { ...before };
        for (const key of Object.keys(patch) as (keyof WhisperConfig)[]) {
          if (rest[key] === patch[key]) delete rest[key];
        }
        return rest;
      });
    update.change(
      patch,
      (error) => {
        settle();
        toast(failureToast(error, persona));
      },
      settle,
    );
  };

  return (
    <Panel>
      {!online && (
        <p role="note" className="text-sm text-muted">
          {T.offlineWrite}
        </p>
      )}
      <fieldset className="grid gap-3" disabled={disabled}>
        {CONFIG_TOGGLES.map((key) => (
          <label
            key={key}
            className="flex items-start justify-between gap-4"
            htmlFor={`${id}-${key}`}
          >
            <span className="grid min-w-0 wrap-anywhere">
              <span className="font-medium">{TOGGLE_LABELS[key].label}</span>
              <span className="text-sm text-muted">{TOGGLE_LABELS[key].hint(persona)}</span>
            </span>
            <input
              id={`${id}-${key}`}
              type="checkbox"
              role="switch"
              className="mt-1 h-5 w-5 accent-accent"
              checked={shown[key]}
              onChange={(event) => send({ [key]: event.target.checked })}
            />
          </label>
        ))}
        <label className="grid gap-1" htmlFor={`${id}-mode`}>
          <span className="font-medium">{T.syncMode}</span>
          <select
            id={`${id}-mode`}
            className={field}
            value={shown.sync_mode}
            onChange={(event) =>
              send({ sync_mode: event.target.value as (typeof SYNC_MODES)[number] })
            }
          >
            {SYNC_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {SYNC_MODE_LABELS[mode]}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1" htmlFor={`${id}-device`}>
          <span className="font-medium">{T.primaryDevice}</span>
          <select
            id={`${id}-device`}
            className={field}
            value={shown.primary_device}
            onChange={(event) =>
              send({ primary_device: event.target.value as (typeof PRIMARY_DEVICES)[number] })
            }
          >
            {PRIMARY_DEVICES.map((device) => (
              <option key={device} value={device}>
                {DEVICE_LABELS[device]}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
    </Panel>
  );
}

/** The guide endpoint's text (spec 001 says it is requested; its display is ours): read when opened. */
function GuideSection() {
  const [open, setOpen] = useState(false);
  const guide = useGuide(open);
  return (
    <details
      className={card}
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className="flex cursor-pointer items-center gap-2 font-semibold wrap-anywhere">
        <BookOpen size={18} aria-hidden />
        {guide.data?.title ?? T.guideTitle}
      </summary>
      <div className="mt-3 grid gap-4">
        {!guide.data && (
          <p className="text-muted">{guide.isError ? T.guideFailed : T.guideLoading}</p>
        )}
        {guide.data?.sections.map((section) => (
          <section key={section.heading} className="grid gap-2">
            <h3 className="font-semibold">{section.heading}</h3>
            {section.paragraphs.map((text) => (
              <p key={text}>{text}</p>
            ))}
            {section.items.length > 0 && (
              <dl className="grid gap-2">
                {section.items.map((item) => (
                  <div key={item.term}>
                    <dt className="font-medium">{item.term}</dt>
                    <dd className="text-muted">{item.text}</dd>
                  </div>
                ))}
              </dl>
            )}
          </section>
        ))}
      </div>
    </details>
  );
}
