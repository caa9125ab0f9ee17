// /settings/system-health (spec 000 §2.1; docs/settings-health.md): the server's uptime, memory, store
// files and last snapshot (polled every 10 s; offline, the last figures under the offline notice), and
// this device's outbox, persistent storage and storage estimate, which need no server.
import { useNow } from '@/lib/use-now';
import type { ServerHealth } from '../api/health-api';
import type { DeviceStorage } from '../api/device-figures';
import { useServerHealth } from '../hooks/useServerFigures';
import { useDeviceStorage, useOutboxSummary } from '../hooks/useDeviceFigures';
import { bytesText, shareText, uptimeText, whenText } from '../model/format';
import { HEALTH_TEXT as T } from '../model/texts';
import { Card, HealthPage, Row, ServerHalfNotice } from './parts';

export default function SystemHealthScreen() {
  const server = useServerHealth();
  return (
    <HealthPage id="health-title" title={T.systemHealth} subtitle={T.healthSubtitle}>
      <Card id="health-server" title={T.server}>
        <ServerHalfNotice
          state={server.state}
          hasData={server.data !== undefined}
          updatedAt={server.updatedAt}
          forbiddenText={T.noInfrastructure}
          onRetry={() => void server.query.refetch()}
        />
        {server.data && server.state !== 'forbidden' && <ServerFigures health={server.data} />}
      </Card>
      <DeviceCard />
    </HealthPage>
  );
}

function ServerFigures({ health }: { health: ServerHealth }) {
  const now = Date.parse(health.serverTime);
  return (
    <>
      <dl className="grid gap-2">
        <Row label={T.uptime} testId="health-uptime">
          {uptimeText(health.uptimeSeconds)}
        </Row>
        <Row label={T.startedAt}>{whenText(Date.parse(health.startedAt), now)}</Row>
        <Row label={T.memoryRss} testId="health-rss">
          {bytesText(health.memory.rssBytes)}
        </Row>
        <Row label={T.heapUsed}>{bytesText(health.memory.heapUsedBytes)}</Row>
        <Row label={T.heapTotal}>{bytesText(health.memory.heapTotalBytes)}</Row>
        <Row label={T.node}>{health.node}</Row>
        <Row label={T.lastSnapshot} testId="health-snapshot">
          {health.lastSnapshot ? (
            <span className="grid">
              <span>{whenText(Date.parse(health.lastSnapshot.timestamp), now)}</span>
              <span className="break-all text-xs font-normal text-muted">
                {health.lastSnapshot.id}
              </span>
            </span>
          ) : (
            T.noSnapshot
          )}
        </Row>
      </dl>
      <div className="grid gap-2">
        <h3 className="font-medium">{T.storesTitle}</h3>
        <ul className="grid gap-1.5 text-sm" data-testid="health-stores">
          {health.stores.map((store) => (
            <li key={store.name} className="flex flex-wrap justify-between gap-x-3">
              <span className="min-w-0 font-mono wrap-anywhere">{store.file}</span>
              <span className="tabular-nums text-muted">
                {store.bytes === null ? T.missingFile : bytesText(store.bytes)}
                {' · '}
                {store.journalBytes === null
                  ? T.noJournal
                  : T.journal(bytesText(store.journalBytes))}
              </span>
            </li>
          ))}
        </ul>
        <dl>
          <Row label={T.storesTotal} testId="health-stores-total">
            {bytesText(health.storesTotalBytes)}
          </Row>
        </dl>
      </div>
      <p className="text-xs text-muted">{T.asOf(new Date(now).toLocaleTimeString())}</p>
    </>
  );
}

function storageText(storage: DeviceStorage | undefined): {
  persisted: string;
  note: string | null;
  used: string;
} {
  if (!storage) return { persisted: T.checking, note: null, used: T.checking };
  const [persisted, note] =
    storage.persisted === null
      ? [T.persistentUnknown, T.persistentUnknownNote]
      : storage.persisted
        ? [T.persistentGranted, T.persistentGrantedNote]
        : [T.persistentNotGranted, T.persistentNotGrantedNote];
  const used = storage.estimate
    ? T.storageEstimateOf(
        bytesText(storage.estimate.usage),
        bytesText(storage.estimate.quota),
        shareText(storage.estimate.usage, storage.estimate.quota),
      )
    : T.storageEstimateUnknown;
  return { persisted, note, used };
}

function DeviceCard() {
  const outbox = useOutboxSummary();
  const storage = useDeviceStorage();
  const now = useNow(60_000);
  const texts = storageText(storage.data);
  const kinds = outbox
    ? Object.entries(outbox.byKind).map(([kind, n]) => `${n} ${T.outboxKinds[kind] ?? kind}`)
    : [];
  return (
    <Card id="health-device" title={T.thisDevice}>
      <dl className="grid gap-2">
        <Row label={T.outboxWaiting}>
          <span className="grid justify-items-end">
            <span data-testid="health-outbox">
              {outbox === undefined
                ? T.checking
                : outbox.total === 0
                  ? T.outboxNothing
                  : outbox.total}
            </span>
            {outbox && outbox.total > 0 && (
              <span className="text-sm font-normal text-muted">
                {kinds.join(', ')}
                {outbox.oldestAt !== null && `; ${T.outboxOldest(whenText(outbox.oldestAt, now))}`}
                {outbox.retrying > 0 && `; ${T.outboxRetrying(outbox.retrying)}`}
              </span>
            )}
          </span>
        </Row>
        <Row label={T.persistent} testId="health-persistent">
          {texts.persisted}
        </Row>
      </dl>
      {texts.note && <p className="-mt-2 text-sm text-muted">{texts.note}</p>}
      <dl className="grid gap-2">
        <Row label={T.storageEstimate} testId="health-estimate">
          {texts.used}
        </Row>
      </dl>
    </Card>
  );
}
