// /presence (spec 002 §2 "Mood engine monitor"): every field of the presence state, a target to choose,
// a manual tick, recent activity (last 3 events) and drift history (last 10), polled every 10 s. A
// failed read says which of the three failures it was, with Retry; offline, the last state read shows.
// An account without the presence_engine permission is told so (not a failure: Retry would not help),
// and the screen asks the server nothing (nor shows a state the device kept from before).
import { useState, type ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { readPermissionOf } from '@/domain/area-permissions';
import { PRESENCE_API, PRESENCE_MOODS, type PresenceMood } from '@/domain/presence-mood';
import { isRefusal } from '@/lib/api';
import { useAreaAccess } from '@/lib/auth-session';
import { useOnline } from '@/lib/use-online';
import { BackLink } from '@/ui/BackLink';
import { Button } from '@/ui/Button';
import { OfflineNotice } from '@/ui/OfflineNotice';
import { toast } from '@/ui/use-toast';
import type { PresenceState } from '../api/presence-api';
import { usePresenceState, useSetMood, useTick } from '../hooks/usePresence';
import {
  confidenceText,
  presenceErrorText,
  recentDrift,
  recentEvents,
  uptimeText,
  writeErrorText,
} from '../model/presence-model';
import { EVENT_LABELS, MOOD_LABELS, PRESENCE_TEXT as T } from '../model/texts';

const card = 'rounded-xl border border-line bg-panel p-4';
const time = (iso: string) => new Date(iso).toLocaleTimeString();

export default function PresenceMoodScreen() {
  const access = useAreaAccess(readPermissionOf(PRESENCE_API.state));
  const asked = access.ask;
  const query = usePresenceState(asked);
  const online = useOnline();
  const denied = access.denied || isRefusal(query.error);
  const data = denied ? undefined : query.data;

  return (
    <section className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6" aria-labelledby="pm-title">
      <header className="flex items-center gap-3">
        <BackLink label={T.back} />
        <div className="grid gap-0.5">
          <h1 id="pm-title" className="text-2xl font-semibold">
            {T.title}
          </h1>
          <p className="text-sm text-muted">{T.subtitle}</p>
        </div>
      </header>

      {denied && (
        <p className="text-muted" data-testid="presence-denied">
          {T.denied}
        </p>
      )}

      {!denied && !online && (
        <OfflineNotice title={T.offlineTitle}>
          {data
            ? T.offlineText(new Date(query.dataUpdatedAt).toLocaleTimeString())
            : T.offlineNoData}
        </OfflineNotice>
      )}

      {!denied && online && query.isError && (
        <div role="alert" className={`${card} grid justify-items-start gap-2`}>
          <p className="font-medium" data-testid="presence-error">
            {presenceErrorText(query.error)}
          </p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            <RefreshCw size={14} aria-hidden className="mr-1" />
            {T.retry}
          </Button>
        </div>
      )}

      {!denied && !data && !query.isError && online && (
        <p role="status" className="text-muted">
          {T.loading}
        </p>
      )}

      {data && <StateView state={data} online={online} />}
    </section>
  );
}

function Field({ label, children, id }: { label: string; children: ReactNode; id: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-semibold tabular-nums" data-testid={id}>
        {children}
      </dd>
    </div>
  );
}

function StateView({ state, online }: { state: PresenceState; online: boolean }) {
  const tick = useTick();
  const setMood = useSetMood();
  const [choice, setChoice] = useState<PresenceMood>(state.target_mood);
  const busy = tick.isPending || setMood.isPending;
  const failed = (error: unknown) =>
    toast({ title: T.writeFailed, description: writeErrorText(error), variant: 'destructive' });
  const events = recentEvents(state.events);
  const drift = recentDrift(state.drift_history);

  return (
    <>
      <dl className={`${card} grid grid-cols-2 gap-4 sm:grid-cols-3`} aria-label={T.title}>
        <Field label={T.currentMood} id="presence-mood">
          {MOOD_LABELS[state.mood]}
        </Field>
        <Field label={T.targetMood} id="presence-target">
          {MOOD_LABELS[state.target_mood]}
        </Field>
        <Field label={T.confidence} id="presence-confidence">
          <span>{confidenceText(state.mood_confidence)}</span>
          <span
            aria-hidden
            className="mt-1 block h-1.5 w-full overflow-hidden rounded-full bg-stone-200 dark:bg-stone-800"
          >
            <span
              className="block h-full rounded-full bg-accent"
              style={{ width: confidenceText(state.mood_confidence) }}
            />
          </span>
        </Field>
        <Field label={T.engineVersion} id="presence-version">
          {state.engine_version}
        </Field>
        <Field label={T.age} id="presence-age">
          {T.ticks(state.age_ticks)}
        </Field>
        <Field label={T.uptime} id="presence-uptime">
          {uptimeText(state.uptime_seconds)}
        </Field>
        <Field label={T.lastTick} id="presence-last-tick">
          {state.last_tick_at ? time(state.last_tick_at) : T.never}
        </Field>
        {state.cycle && (
          <Field label={T.cycle} id="presence-cycle">
            {T.cycleText[state.cycle]}
            {state.next_tick_at && (
              <span className="block text-sm font-normal text-muted">
                {T.nextTick(time(state.next_tick_at))}
              </span>
            )}
          </Field>
        )}
      </dl>

      <div className={`${card} flex flex-wrap items-end gap-3`}>
        <label className="grid gap-1 text-sm">
          {T.chooseTarget}
          <select
            value={choice}
            onChange={(event) => setChoice(event.target.value as PresenceMood)}
            disabled={!online || busy}
            className="h-10 rounded-lg border border-line bg-page px-3 text-base"
          >
            {PRESENCE_MOODS.map((mood) => (
              <option key={mood} value={mood}>
                {MOOD_LABELS[mood]}
              </option>
            ))}
          </select>
        </label>
        <Button
          disabled={!online || busy}
          onClick={() => setMood.mutate(choice, { onError: failed })}
        >
          {T.setTarget}
        </Button>
        <Button
          variant="outline"
          disabled={!online || busy}
          onClick={() => tick.mutate(undefined, { onError: failed })}
        >
          {T.manualTick}
        </Button>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <section className={card} aria-labelledby="pm-activity">
          <h2 id="pm-activity" className="mb-2 font-semibold">
            {T.recentActivity}
          </h2>
          {events.length === 0 ? (
            <p className="text-muted">{T.noActivity}</p>
          ) : (
            <ul className="grid gap-2" aria-label={T.recentActivity}>
              {events.map((event) => (
                <li key={event.id} className="text-sm">
                  <span className="font-medium">{EVENT_LABELS[event.kind] ?? event.kind}</span>
                  <span className="text-muted"> · {time(event.at)}</span>
                  {event.detail && <span className="block">{event.detail}</span>}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className={card} aria-labelledby="pm-drift">
          <h2 id="pm-drift" className="mb-2 font-semibold">
            {T.driftHistory}
          </h2>
          {drift.length === 0 ? (
            <p className="text-muted">{T.noDrift}</p>
          ) : (
            <ol className="grid gap-1" aria-label={T.driftHistory}>
              {drift.map((entry, index) => (
                <li key={`${entry.at}-${index}`} className="text-sm tabular-nums">
                  <span className="text-muted">{time(entry.at)} </span>
                  {T.driftRow(
                    MOOD_LABELS[entry.mood],
                    MOOD_LABELS[entry.target_mood],
                    confidenceText(entry.confidence),
                  )}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </>
  );
}
