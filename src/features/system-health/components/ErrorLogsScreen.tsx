// /settings/error-logs (spec 000 §2.1; docs/settings-health.md): the errors this device recorded (the
// request helper's failed requests and the error screens, newest first, kept in IndexedDB) with Clear,
// and for administrators the server's recent errors (polled every 15 s; offline, the last list read).
import { Trash2 } from 'lucide-react';
import { DEVICE_ERROR_CAP, type DeviceError } from '@/domain/device-errors';
import { useNow } from '@/lib/use-now';
import { Button } from '@/ui/Button';
import { toast } from '@/ui/use-toast';
import type { ServerError } from '../api/health-api';
import { useDeviceErrors } from '../hooks/useDeviceFigures';
import { useServerErrors } from '../hooks/useServerFigures';
import { whenText } from '../model/format';
import { HEALTH_TEXT as T } from '../model/texts';
import { Card, HealthPage, ServerHalfNotice } from './parts';

export default function ErrorLogsScreen() {
  return (
    <HealthPage id="errors-title" title={T.errorLogs} subtitle={T.errorsSubtitle}>
      <DeviceErrors />
      <ServerErrors />
    </HealthPage>
  );
}

function DeviceErrors() {
  const { errors, clear } = useDeviceErrors();
  const now = useNow(60_000);
  const onClear = () =>
    void clear().then(
      () => toast({ title: T.cleared }),
      () => undefined,
    );
  return (
    <Card
      id="errors-device"
      title={T.deviceErrors}
      action={
        <Button variant="outline" size="sm" disabled={!errors?.length} onClick={onClear}>
          <Trash2 size={14} aria-hidden />
          {T.clear}
        </Button>
      }
    >
      <p className="text-sm text-muted">{T.deviceErrorsNote(DEVICE_ERROR_CAP)}</p>
      {errors === undefined ? (
        <p role="status" className="text-muted">
          {T.loading}
        </p>
      ) : errors.length === 0 ? (
        <p className="text-muted">{T.noDeviceErrors}</p>
      ) : (
        <ul className="grid gap-2" aria-label={T.deviceErrors}>
          {errors.map((entry) => (
            <DeviceErrorItem key={entry.id} entry={entry} now={now} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function DeviceErrorItem({ entry, now }: { entry: DeviceError; now: number }) {
  const where = [entry.method, entry.path].filter(Boolean).join(' ');
  return (
    <li data-testid="device-error" className="grid gap-0.5 border-t border-line pt-2 text-sm">
      <p className="flex flex-wrap gap-x-2 font-medium">
        <span>{T.kinds[entry.kind]}</span>
        {entry.status !== null && <span className="tabular-nums">{entry.status}</span>}
        {entry.count > 1 && (
          <span className="text-muted">
            {T.times(entry.count)} {T.since(whenText(entry.firstAt, now))}
          </span>
        )}
        <span className="ml-auto text-muted tabular-nums">{whenText(entry.at, now)}</span>
      </p>
      {where && <p className="break-all font-mono text-xs">{where}</p>}
      <p className="break-words text-muted">{entry.message}</p>
    </li>
  );
}

function ServerErrors() {
  const server = useServerErrors();
  const now = useNow(60_000);
  const list = server.state === 'forbidden' ? undefined : server.data;
  return (
    <Card id="errors-server" title={T.serverErrors}>
      <ServerHalfNotice
        state={server.state}
        hasData={server.data !== undefined}
        updatedAt={server.updatedAt}
        forbiddenText={T.serverErrorsAdminOnly}
        onRetry={() => void server.query.refetch()}
      />
      {list && (
        <>
          <p className="text-sm text-muted">{T.serverErrorsNote(list.capacity)}</p>
          {list.errors.length === 0 ? (
            <p className="text-muted">{T.noServerErrors}</p>
          ) : (
            <ul className="grid gap-2" aria-label={T.serverErrors}>
              {list.errors.map((entry) => (
                <ServerErrorItem key={entry.id} entry={entry} now={now} />
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}

function ServerErrorItem({ entry, now }: { entry: ServerError; now: number }) {
  return (
    <li data-testid="server-error" className="grid gap-0.5 border-t border-line pt-2 text-sm">
      <p className="flex flex-wrap gap-x-2 font-medium">
        <span>{T.sources[entry.source]}</span>
        {entry.status !== null && <span className="tabular-nums">{entry.status}</span>}
        <span className="ml-auto text-muted tabular-nums">
          {whenText(Date.parse(entry.at), now)}
        </span>
      </p>
      {entry.route && <p className="break-all font-mono text-xs">{entry.route}</p>}
      <p className="break-words text-muted">{entry.message}</p>
    </li>
  );
}
