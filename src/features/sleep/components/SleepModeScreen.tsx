// The sleep mode control screen (/sleep-mode, /settings/sleep; spec 002 "Sleep mode control screen",
// §4): the current status, the cards each state offers, the notifications part, and System Details.
// The status is polled every 3 s and read again after each transition. Offline it shows the last
// known status and says plainly that the state cannot be changed now.
import type { ReactNode } from 'react';
import { CloudOff, Moon, Sun } from 'lucide-react';
import { Link } from 'react-router';
import { readPermissionOf } from '@/domain/area-permissions';
import { isApiError } from '@/lib/api';
import { useAreaAccess, usePersonaName } from '@/lib/auth-session';
import { useOnline } from '@/lib/use-online';
import { useTimeZone } from '@/lib/use-time-zone';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { useNow } from '@/lib/use-now';
import { useSleepStatus, useSleepTransition } from '../hooks/useSleepStatus';
import {
  activeSystemLabel,
  cardRules,
  lastActivityText,
  pausedSystemLabel,
  powerState,
  statusFailure,
  type PowerState,
  type SleepStatus,
  SLEEP_STATUS_URL,
} from '../model/status';
import { SLEEP_TEXT } from '../model/texts';
import { Card } from './Card';
import { PendingReminders } from './PendingReminders';
import { VoiceWakeCard } from './VoiceWakeCard';
import { BackLink } from '@/ui/BackLink';
import { OfflineNotice } from '@/ui/OfflineNotice';

/** A status label and its value: beside each other, the value under its label at 200% text. */
const pair = 'flex flex-wrap gap-x-4';
const pairLabel = 'w-28 shrink-0 text-muted';
const pairValue = 'min-w-0 flex-1 basis-24';

export interface SleepModeScreenProps {
  /**
   * The push notification card (spec 002), built in src/features/notifications and passed in by the
   * route: a feature never imports another. Left out, the notifications part shows only the reminders.
   */
  pushCard?: ReactNode;
}

const BADGE: Record<PowerState, string> = {
  'DEEP PAUSE': 'bg-red-600 text-white',
  SLEEPING: 'bg-indigo-600 text-white',
  AWAKE: 'bg-emerald-700 text-white',
};

export function SleepModeScreen({ pushCard }: SleepModeScreenProps) {
  // Known from the auth status: not asked (it would be a 403), and nothing kept from before shown.
  const access = useAreaAccess(readPermissionOf(SLEEP_STATUS_URL));
  const status = useSleepStatus(access.ask);
  const transition = useSleepTransition();
  const online = useOnline();
  const timeZone = useTimeZone();
  const persona = usePersonaName();
  // The poll re-renders every 3 s; this keeps 'today' right on a screen left open past midnight.
  const now = useNow(60_000);
  const failure = access.denied
    ? 'denied'
    : status.isError
      ? statusFailure(isApiError(status.error) ? status.error.status : null)
      : null;
  const denied = failure === 'denied';
  const data = denied ? undefined : status.data;
  const unreachable = !online || failure === 'unreachable';
  const busy = transition.isPending || unreachable;

  // The push card and the pending reminders need no power status: shown even when none is known.
  const notifications = (
    <section aria-labelledby="notifications-title" className="grid gap-3">
      <h2 id="notifications-title" className="sr-only">
        {SLEEP_TEXT.notifications}
      </h2>
      {pushCard}
      <PendingReminders />
    </section>
  );

  let body: ReactNode;
  if (denied) {
    body = (
      <>
        <div role="alert" className="grid gap-2 rounded-xl border border-line bg-panel p-4">
          <p className="font-semibold">{SLEEP_TEXT.deniedTitle}</p>
          <p className="text-muted">{SLEEP_TEXT.deniedText}</p>
          <Link to="/" className="font-medium text-accent underline-offset-2 hover:underline">
            {SLEEP_TEXT.returnToChat}
          </Link>
        </div>
        {notifications}
      </>
    );
  } else if (data) {
    body = (
      <StatusCards
        status={data}
        busy={busy}
        persona={persona}
        timeZone={timeZone}
        now={now}
        onTransition={(t) => transition.mutate(t)}
        notifications={notifications}
      />
    );
  } else if (status.isError) {
    body = (
      <>
        <p className="text-muted">{SLEEP_TEXT.offlineNoStatus}</p>
        {notifications}
      </>
    );
  } else {
    body = (
      <p role="status" className="text-muted">
        {SLEEP_TEXT.loading}
      </p>
    );
  }

  return (
    <section className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6">
      {/* At large text the title goes under the back arrow rather than past the screen's edge. */}
      <header className="flex flex-wrap items-center gap-3">
        <BackLink label={SLEEP_TEXT.back} />
        <h1 className="min-w-0 flex-1 basis-48 text-2xl font-semibold break-words">
          {SLEEP_TEXT.title}
        </h1>
      </header>
      {unreachable && (
        <OfflineNotice title={SLEEP_TEXT.offlineTitle}>
          {data &&
            SLEEP_TEXT.offlineWithStatus(
              lastActivityText(new Date(status.dataUpdatedAt).toISOString(), now, timeZone),
            )}
        </OfflineNotice>
      )}
      {body}
    </section>
  );
}

function StatusCards({
  status,
  busy,
  persona,
  timeZone,
  now,
  onTransition,
  notifications,
}: {
  status: SleepStatus;
  busy: boolean;
  persona: string;
  timeZone: string | undefined;
  now: number;
  onTransition: (t: 'enable' | 'disable' | 'deep-pause' | 'resume-all') => void;
  notifications: ReactNode;
}) {
  const state = powerState(status);
  const rules = cardRules(status);
  return (
    <>
      <Card labelledBy="current-status-title" title={SLEEP_TEXT.currentStatus}>
        <div className="flex items-center gap-2">
          <span
            data-testid="power-state"
            className={cn(
              'rounded-full px-3 py-1 text-sm font-semibold tracking-wide',
              BADGE[state],
            )}
          >
            {state}
          </span>
        </div>
        {/* A label's column is 7rem; at 200% text the value goes under its label (a whole line). */}
        <dl className="grid gap-y-1 text-sm wrap-anywhere">
          <div className={pair}>
            <dt className={pairLabel}>{SLEEP_TEXT.lastActivity}</dt>
            <dd data-testid="last-activity" className={pairValue}>
              {lastActivityText(status.lastActivity, now, timeZone)}
            </dd>
          </div>
          <div className={pair}>
            <dt className={pairLabel}>{SLEEP_TEXT.costStatus}</dt>
            <dd data-testid="cost-status" className={pairValue}>
              {status.costSavings}
            </dd>
          </div>
          <div className={pair}>
            <dt className={pairLabel}>{SLEEP_TEXT.activeSystemsCount}</dt>
            <dd data-testid="active-count" className={pairValue}>
              {status.activeSystems.length}
            </dd>
          </div>
        </dl>
      </Card>

      {rules.deepPauseActive && (
        <Card
          labelledBy="deep-pause-active-title"
          title={SLEEP_TEXT.deepPauseActiveTitle}
          icon={<CloudOff size={18} aria-hidden />}
          className="border-red-300 dark:border-red-900"
        >
          <p>{SLEEP_TEXT.deepPauseActiveBody(persona)}</p>
          <div>
            <Button disabled={busy} onClick={() => onTransition('resume-all')}>
              <Sun size={16} aria-hidden />
              {SLEEP_TEXT.manualWakeUp}
            </Button>
          </div>
        </Card>
      )}

      {rules.voiceWake && <VoiceWakeCard />}

      {notifications}

      {rules.deepPauseActivation && (
        <Card
          labelledBy="deep-pause-title"
          title={SLEEP_TEXT.deepPauseTitle}
          icon={<CloudOff size={18} aria-hidden />}
        >
          <p className="text-muted">{SLEEP_TEXT.deepPauseBody}</p>
          <div>
            <Button
              variant="destructive"
              disabled={busy}
              onClick={() => onTransition('deep-pause')}
            >
              {SLEEP_TEXT.activateDeepPause}
            </Button>
          </div>
        </Card>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <Card
          labelledBy="sleep-title"
          title={SLEEP_TEXT.sleepTitle}
          icon={<Moon size={18} aria-hidden />}
        >
          <p className="text-muted">{SLEEP_TEXT.sleepBody}</p>
          <div>
            <Button
              variant="secondary"
              disabled={busy || rules.enableSleepDisabled}
              onClick={() => onTransition('enable')}
            >
              {SLEEP_TEXT.enableSleep}
            </Button>
          </div>
        </Card>
        <Card
          labelledBy="full-title"
          title={SLEEP_TEXT.fullTitle}
          icon={<Sun size={18} aria-hidden />}
        >
          <p className="text-muted">{SLEEP_TEXT.fullBody}</p>
          <div>
            <Button
              disabled={busy || rules.resumeFullDisabled}
              onClick={() => onTransition('disable')}
            >
              {SLEEP_TEXT.resumeFull}
            </Button>
          </div>
        </Card>
      </div>

      <Card labelledBy="system-details-title" title={SLEEP_TEXT.systemDetails}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1">
            <h3 className="font-medium">{SLEEP_TEXT.activeSystems}</h3>
            <ul aria-label={SLEEP_TEXT.activeSystems} className="grid gap-0.5 text-sm">
              {status.activeSystems.map((name) => (
                <li key={name}>{activeSystemLabel(name)}</li>
              ))}
            </ul>
          </div>
          <div className="grid gap-1">
            <h3 className="font-medium">{SLEEP_TEXT.pausedSystems}</h3>
            {status.pausedSystems.length === 0 ? (
              <p className="text-sm text-muted">{SLEEP_TEXT.noPaused}</p>
            ) : (
              <ul aria-label={SLEEP_TEXT.pausedSystems} className="grid gap-0.5 text-sm">
                {status.pausedSystems.map((name) => (
                  <li key={name}>{pausedSystemLabel(name)}</li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </Card>
    </>
  );
}

export default SleepModeScreen;
