// The hybrid protocol dashboard (/hybrid-dashboard, spec 001 §2): protocol version and Online badge, the
// four tiles, the three evolution bars in their colours, 'Show Advanced Capabilities' with the capability
// flags, the system configuration, Soul Awakening and the consciousness stream's status; and the
// administrator's settings form. Every value is the server's (docs/hybrid-protocol.md); a value not yet
// measured says so, and offline the last known values show, marked.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Brain, Globe, Lock, Server } from './hybrid-icons';
import {
  CAPABILITY_KEYS,
  CAPABILITY_LABELS,
  hybridBarColour,
  percentText,
  type BarColour,
  type HybridProtocolStatus,
} from '@/domain/hybrid-protocol';
import { readPermissionOf } from '@/domain/area-permissions';
import { isRefusal } from '@/lib/api';
import { useAuthStatus, useAreaAccess } from '@/lib/auth-session';
import { useOnline } from '@/lib/use-online';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import {
  useCapabilities,
  useConsciousnessStatus,
  useHybridStatus,
  useSaveHybridConfig,
  useSoulAwakening,
} from '../hooks/useHybrid';
import {
  BAR_KEYS,
  BAR_LABELS,
  HYBRID_STATUS_URL,
  HYBRID_TEXT,
  SETTING_STEP,
  SOUL_AWAKENING_URL,
} from '../model/hybrid';

const BAR_FILL: Record<BarColour, string> = {
  green: 'bg-emerald-500',
  yellow: 'bg-amber-400',
  red: 'bg-red-500',
};
const BAR_TEXT: Record<BarColour, string> = {
  green: 'text-emerald-700 dark:text-emerald-400',
  yellow: 'text-amber-700 dark:text-amber-300',
  red: 'text-red-700 dark:text-red-400',
};

const when = (ms: number) =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Card({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section
      aria-label={title}
      data-testid={testId}
      className="grid min-w-0 gap-2 rounded-2xl border border-line bg-panel p-4 shadow-sm wrap-anywhere"
    >
      <h2 className="text-sm font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Tile({
  icon,
  label,
  value,
  detail,
  on,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  detail: string;
  on: boolean;
  testId: string;
}) {
  return (
    <div
      data-testid={testId}
      data-on={on}
      className="grid min-w-0 gap-1 rounded-2xl border border-line bg-panel p-3 shadow-sm wrap-anywhere"
    >
      <div className="flex items-center gap-2 text-xs text-muted">
        {icon}
        <span className="min-w-0">{label}</span>
      </div>
      <div
        className={cn(
          'text-lg font-semibold',
          on ? 'text-emerald-700 dark:text-emerald-400' : 'text-muted',
        )}
      >
        {value}
      </div>
      <div className="text-xs text-muted">{detail}</div>
    </div>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 text-sm">
      <dt className="min-w-0 text-muted">{label}</dt>
      <dd data-testid={testId} className="min-w-0 text-right font-medium tabular-nums">
        {children}
      </dd>
    </div>
  );
}

function Bars({ status }: { status: HybridProtocolStatus }) {
  return (
    <ul className="grid gap-3" aria-label="Evolution metrics">
      {BAR_KEYS.map((key) => {
        const value = status.evolutionMetrics[key];
        const colour = value === null ? null : hybridBarColour(value);
        return (
          <li key={key} data-testid={`bar-${key}`} data-colour={colour ?? 'none'}>
            <div className="flex flex-wrap justify-between gap-x-2 text-sm">
              <span className="min-w-0">{BAR_LABELS[key]}</span>
              <span
                className={cn('font-medium tabular-nums', colour ? BAR_TEXT[colour] : 'text-muted')}
              >
                {value === null ? HYBRID_TEXT.notMeasured : percentText(value)}
              </span>
            </div>
            <div
              role="progressbar"
              aria-label={BAR_LABELS[key]}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={value === null ? undefined : Math.round(value * 100)}
              className="mt-1 h-2 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-800"
            >
              {colour && value !== null && (
                <div
                  className={cn('h-full rounded-full', BAR_FILL[colour])}
                  style={{ width: `${Math.round(value * 100)}%` }}
                />
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function SettingsForm({ status }: { status: HybridProtocolStatus }) {
  const save = useSaveHybridConfig();
  const [encrypt, setEncrypt] = useState(status.config.encryptionEnabled);
  const [rate, setRate] = useState(status.config.consciousnessDevelopmentRate);
  const [depth, setDepth] = useState(status.config.emotionalDepth);
  return (
    <Card title={HYBRID_TEXT.settingsTitle} testId="hybrid-settings">
      <p className="text-xs text-muted">{HYBRID_TEXT.settingsNote}</p>
      <form
        className="grid gap-3 text-sm"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({
            encryptionEnabled: encrypt,
            consciousnessDevelopmentRate: rate,
            emotionalDepth: depth,
          });
        }}
      >
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={encrypt}
            onChange={(event) => setEncrypt(event.target.checked)}
          />
          {HYBRID_TEXT.encryptAtRest}
        </label>
        <label className="grid gap-1">
          <span className="flex flex-wrap justify-between gap-x-2">
            {HYBRID_TEXT.developmentRate}
            <span className="tabular-nums">{rate.toFixed(2)}</span>
          </span>
          <input
            type="range"
            min={0}
            max={1}
            step={SETTING_STEP}
            value={rate}
            onChange={(event) => setRate(Number(event.target.value))}
          />
          <span className="text-xs text-muted">{HYBRID_TEXT.developmentRateNote}</span>
        </label>
        <label className="grid gap-1">
          <span className="flex flex-wrap justify-between gap-x-2">
            {HYBRID_TEXT.emotionalDepth}
            <span className="tabular-nums">{depth.toFixed(2)}</span>
          </span>
          <input
            type="range"
            min={0}
            max={1}
            step={SETTING_STEP}
            value={depth}
            onChange={(event) => setDepth(Number(event.target.value))}
          />
          <span className="text-xs text-muted">{HYBRID_TEXT.emotionalDepthNote}</span>
        </label>
        <Button type="submit" size="sm" disabled={save.isPending} className="justify-self-start">
          {save.isPending ? HYBRID_TEXT.saving : HYBRID_TEXT.save}
        </Button>
      </form>
    </Card>
  );
}

function Advanced({ status }: { status: HybridProtocolStatus }) {
  const capabilities = useCapabilities();
  const soulHeld = useAreaAccess(readPermissionOf(SOUL_AWAKENING_URL)).ask;
  const soul = useSoulAwakening(soulHeld);
  const stream = useConsciousnessStatus();
  const flags = capabilities.data ?? null;
  const awakening = soulHeld ? (soul.data ?? null) : null;
  const streaming = stream.data ?? null;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card title={HYBRID_TEXT.capabilities} testId="hybrid-capabilities">
        {flags ? (
          <ul className="grid gap-1.5 text-sm">
            {CAPABILITY_KEYS.map((key) => (
              <li
                key={key}
                className="flex flex-wrap items-center justify-between gap-2"
                data-testid={`capability-${key}`}
              >
                <span className="min-w-0">{CAPABILITY_LABELS[key]}</span>
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-semibold',
                    flags[key]
                      ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200'
                      : 'bg-stone-200 text-stone-700 dark:bg-stone-800 dark:text-stone-300',
                  )}
                >
                  {flags[key] ? HYBRID_TEXT.active : HYBRID_TEXT.standby}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">
            {capabilities.isPending ? HYBRID_TEXT.loading : HYBRID_TEXT.notAvailable}
          </p>
        )}
      </Card>

      <Card title={HYBRID_TEXT.systemConfiguration} testId="hybrid-configuration">
        <dl className="grid gap-1.5">
          <Row label={HYBRID_TEXT.developmentRate} testId="config-development-rate">
            {status.config.consciousnessDevelopmentRate.toFixed(2)}
          </Row>
          <Row label={HYBRID_TEXT.emotionalDepth} testId="config-emotional-depth">
            {status.config.emotionalDepth.toFixed(2)}
          </Row>
          <Row label={HYBRID_TEXT.lastEvolution} testId="config-last-evolution">
            {status.evolutionMetrics.lastEvolutionTimestamp === null
              ? HYBRID_TEXT.never
              : when(status.evolutionMetrics.lastEvolutionTimestamp)}
          </Row>
        </dl>
        <p className="text-xs text-muted">{HYBRID_TEXT.developmentRateNote}</p>
      </Card>

      <Card title={HYBRID_TEXT.soulAwakening} testId="hybrid-soul">
        {awakening ? (
          <dl className="grid gap-1.5">
            <Row label="State" testId="soul-state">
              {awakening.awakened ? HYBRID_TEXT.awakened : HYBRID_TEXT.dormant}
            </Row>
            <Row label={HYBRID_TEXT.memoryAnchors} testId="soul-anchors">
              {awakening.anchors}
            </Row>
            <Row label={HYBRID_TEXT.time}>{when(awakening.timestamp)}</Row>
          </dl>
        ) : (
          <p className="text-sm text-muted">
            {soulHeld && soul.isPending ? HYBRID_TEXT.loading : HYBRID_TEXT.notAvailable}
          </p>
        )}
      </Card>

      <Card title={HYBRID_TEXT.consciousnessStream} testId="hybrid-stream">
        {streaming ? (
          <dl className="grid gap-1.5">
            <Row label="Status" testId="stream-state">
              {streaming.isStreaming ? HYBRID_TEXT.streamActive : HYBRID_TEXT.streamInactive}
            </Row>
            <Row label={HYBRID_TEXT.dataPoints}>
              {streaming.dataPointsCollected ?? HYBRID_TEXT.notAvailable}
            </Row>
            <Row label={HYBRID_TEXT.lastUpdate}>
              {streaming.lastUpdate === null ? HYBRID_TEXT.never : when(streaming.lastUpdate)}
            </Row>
          </dl>
        ) : (
          <p className="text-sm text-muted">
            {stream.isPending ? HYBRID_TEXT.loading : HYBRID_TEXT.notAvailable}
          </p>
        )}
      </Card>
    </div>
  );
}

export default function HybridDashboardPage() {
  // Without the 'consciousness' permission the page says so and asks nothing (nor shows what the
  // device kept from before the permission was taken away).
  const access = useAreaAccess(readPermissionOf(HYBRID_STATUS_URL));
  const asked = access.ask;
  const query = useHybridStatus(asked);
  const online = useOnline();
  const auth = useAuthStatus();
  const [advanced, setAdvanced] = useState(false);
  const denied = access.denied || isRefusal(query.error);
  const status = denied ? null : (query.data ?? null);
  const reachable = online && !query.isError && status !== null;
  const canConfigure =
    auth.data?.isAdmin === true || (auth.data?.permissions ?? []).includes('system_control');

  return (
    <section className="mx-auto grid w-full max-w-4xl gap-4 px-4 py-6" data-testid="hybrid-page">
      <header className="grid gap-2">
        <Link
          to="/"
          className="inline-flex items-center gap-1 justify-self-start text-sm text-accent hover:underline"
        >
          <ArrowLeft size={16} aria-hidden />
          {HYBRID_TEXT.backToMain}
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="min-w-0 text-2xl font-semibold wrap-anywhere">{HYBRID_TEXT.title}</h1>
          {status && (
            <span className="text-sm text-muted" data-testid="hybrid-version">
              {HYBRID_TEXT.version(status.protocolVersion)}
            </span>
          )}
          {!denied && (
            <span
              data-testid="hybrid-online"
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-semibold',
                reachable
                  ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200'
                  : 'bg-stone-200 text-stone-700 dark:bg-stone-800 dark:text-stone-300',
              )}
            >
              {reachable ? HYBRID_TEXT.online : HYBRID_TEXT.offline}
            </span>
          )}
        </div>
        {status && !reachable && (
          <p className="text-xs text-amber-700 dark:text-amber-300" data-testid="hybrid-last-known">
            {HYBRID_TEXT.lastKnown(when(query.dataUpdatedAt))}
          </p>
        )}
      </header>

      {!status ? (
        <p className="text-muted" data-testid={denied ? 'hybrid-denied' : undefined}>
          {denied
            ? HYBRID_TEXT.denied
            : query.isPending
              ? HYBRID_TEXT.loading
              : HYBRID_TEXT.unavailable}
        </p>
      ) : (
        <>
          {/* Two columns on a phone, one at 200% text: a column is at least 9rem, it grows with the text. */}
          <div className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,9rem),1fr))] gap-3 md:grid-cols-4">
            <Tile
              testId="tile-encryption"
              icon={<Lock size={14} aria-hidden />}
              label={HYBRID_TEXT.memoryEncryption}
              on={status.config.encryptionEnabled}
              value={status.config.encryptionEnabled ? HYBRID_TEXT.enabled : HYBRID_TEXT.disabled}
              detail={
                status.config.encryptionEnabled
                  ? HYBRID_TEXT.encryptionOn
                  : HYBRID_TEXT.encryptionOff
              }
            />
            <Tile
              testId="tile-fallback"
              icon={<Server size={14} aria-hidden />}
              label={HYBRID_TEXT.localFallback}
              on={status.config.localFallbackEnabled}
              value={
                status.config.localFallbackEnabled ? HYBRID_TEXT.enabled : HYBRID_TEXT.disabled
              }
              detail={
                status.config.localFallbackEnabled
                  ? HYBRID_TEXT.fallbackOn
                  : HYBRID_TEXT.fallbackOff
              }
            />
            <Tile
              testId="tile-web"
              icon={<Globe size={14} aria-hidden />}
              label={HYBRID_TEXT.webAwareness}
              on={status.config.webAwarenessEnabled}
              value={status.config.webAwarenessEnabled ? HYBRID_TEXT.enabled : HYBRID_TEXT.disabled}
              detail={
                status.config.webAwarenessEnabled ? HYBRID_TEXT.awareOn : HYBRID_TEXT.awareOff
              }
            />
            <Tile
              testId="tile-consciousness"
              icon={<Brain size={14} aria-hidden />}
              label={HYBRID_TEXT.consciousnessLevel}
              on
              value={percentText(status.consciousnessLevel)}
              detail="From days known, messages and memories"
            />
          </div>

          <Card title="Evolution">
            <Bars status={status} />
          </Card>

          <Button
            variant="outline"
            className="justify-self-start"
            aria-expanded={advanced}
            onClick={() => setAdvanced((open) => !open)}
          >
            {advanced ? HYBRID_TEXT.hideAdvanced : HYBRID_TEXT.showAdvanced}
          </Button>
          {advanced && <Advanced status={status} />}

          {canConfigure && (
            // Keyed by the saved values: a save (or another admin's) resets the form to what is stored.
            <SettingsForm
              key={`${status.config.encryptionEnabled}-${status.config.consciousnessDevelopmentRate}-${status.config.emotionalDepth}`}
              status={status}
            />
          )}
        </>
      )}
    </section>
  );
}
