// /presence-hub-console (spec 002 "Presence hub console", admin only: the route's AdminGuard): back,
// EMERGENCY, Refresh All; the summary cards from the server's register; the seven tabs. Offline it shows
// what was last read and refuses changes; a failed read is only logged (spec 002 §8).
import { useEffect, useState } from 'react';
import { ArrowLeft, Camera as CameraIcon, Grid2x2, List, RefreshCw, Siren } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import {
  cameraStatusKind,
  DETECTION_TYPES,
  EMERGENCY_ZONE,
  eventTypeLabel,
  type DetectionType,
  type HubStatus,
} from '@/domain/presence-hub';
import { useOnline } from '@/lib/use-online';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { Dialog } from '@/ui/Dialog';
import { OfflineNotice } from '@/ui/OfflineNotice';
import { toast } from '@/ui/use-toast';
import type { Camera, SecurityEvent, StaffMember, Vehicle } from '../api/presence-hub-api';
import {
  useAcknowledge,
  useCameras,
  useDeleteRecord,
  useEmergencyAlert,
  useHubStatus,
  useRefreshHub,
  useSecurityEvents,
  useStaff,
  useTriggerDetection,
  useVehicles,
} from '../hooks/usePresenceHub';
import {
  cameraStatusClass,
  CONSOLE_TABS,
  healthClass,
  refusalMessage,
  SEVERITY_CLASSES,
  STAFF_STATUS_CLASSES,
  tabFromSearch,
  triggersDisabled,
  triggerTarget,
  VEHICLE_STATUS_CLASSES,
  type ConsoleTab,
} from '../model/console-model';
import {
  AMBIENT_CAPABILITIES,
  DETECTION_LABELS,
  HUB_TEXT as T,
  STAFF_STATUS_LABELS,
  VEHICLE_STATUS_LABELS,
} from '../model/texts';
import { CameraForm, StaffForm, VehicleForm } from './RegisterForms';

// min-w-0 and wrapping anywhere: at 200% text a card's words wrap inside it (docs/accessibility.md).
const card = 'min-w-0 rounded-xl border border-line bg-panel p-4 wrap-anywhere';
const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';
const rowButton = 'h-8 px-2 text-sm';

type Editing =
  | { kind: 'camera'; record: Camera | null }
  | { kind: 'staff'; record: StaffMember | null }
  | { kind: 'vehicle'; record: Vehicle | null }
  | null;
type Removing = { kind: 'cameras' | 'staff' | 'vehicles'; id: string; label: string } | null;

export default function PresenceHubConsole() {
  const location = useLocation();
  const [tab, setTab] = useState<ConsoleTab>(() => tabFromSearch(location.search));
  const online = useOnline();
  const status = useHubStatus();
  const cameras = useCameras();
  const events = useSecurityEvents();
  const staff = useStaff();
  const vehicles = useVehicles();
  const refresh = useRefreshHub();
  const emergency = useEmergencyAlert();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Removing>(null);

  // Spec 002 §8: data fetch errors are only logged.
  const failures = [status, cameras, events, staff, vehicles]
    .filter((query) => query.isError)
    .map((query) => query.errorUpdatedAt)
    .join(',');
  useEffect(() => {
    if (failures !== '') console.warn('Presence hub: a read failed', failures);
  }, [failures]);

  const raiseEmergency = () =>
    emergency.mutate(
      { zone: EMERGENCY_ZONE, severity: 'critical', description: T.emergencyDescription },
      {
        onSuccess: () => {
          toast({ title: T.emergencyRaised, description: T.emergencyDescription });
          setTab('security');
        },
        onError: () =>
          toast({ title: T.error, description: T.emergencyFailed, variant: 'destructive' }),
      },
    );

  return (
    <section
      className="mx-auto grid w-full max-w-5xl gap-4 px-4 py-6"
      aria-labelledby="hub-console-title"
    >
      <header className="flex flex-wrap items-center gap-3">
        <Link
          to="/presence-hub"
          className="inline-flex h-10 items-center gap-2 rounded-lg px-2 hover:bg-stone-100 dark:hover:bg-stone-800"
        >
          <ArrowLeft size={18} aria-hidden />
          {T.back}
        </Link>
        <h1 id="hub-console-title" className="min-w-0 text-2xl font-semibold wrap-anywhere">
          {T.consoleTitle}
        </h1>
        <div className="ml-auto flex flex-wrap gap-2">
          <Button
            variant="destructive"
            className="bg-red-600 font-bold text-white hover:bg-red-700"
            disabled={emergency.isPending || !online}
            onClick={raiseEmergency}
          >
            <Siren size={18} aria-hidden />
            {T.emergency}
          </Button>
          <Button variant="outline" onClick={() => void refresh()}>
            <RefreshCw size={18} aria-hidden />
            {T.refreshAll}
          </Button>
        </div>
      </header>

      {!online && (
        <OfflineNotice
          title={
            status.data
              ? T.offline(new Date(status.dataUpdatedAt).toLocaleTimeString())
              : T.offlineNoData
          }
        />
      )}

      {status.data ? (
        <SummaryCards status={status.data} />
      ) : (
        online && (
          <div className="grid gap-2">
            <p role="status" className="text-muted">
              {status.isError ? T.loadFailed : T.loading}
            </p>
            {status.isError && (
              <Button
                variant="outline"
                className="justify-self-start"
                onClick={() => void refresh()}
              >
                {T.tryAgain}
              </Button>
            )}
          </div>
        )
      )}

      <div
        role="tablist"
        aria-label={T.consoleTitle}
        className="flex gap-1 overflow-x-auto rounded-xl border border-line bg-panel p-1"
      >
        {CONSOLE_TABS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`hub-tab-${id}`}
            aria-selected={tab === id}
            aria-controls="hub-tab-panel"
            onClick={() => setTab(id)}
            className={cn(
              'h-9 shrink-0 rounded-lg px-3 text-sm font-medium',
              tab === id
                ? 'bg-accent text-on-accent'
                : 'hover:bg-stone-100 dark:hover:bg-stone-800',
            )}
          >
            {T.tabs[id]}
          </button>
        ))}
      </div>

      <div
        role="tabpanel"
        id="hub-tab-panel"
        aria-labelledby={`hub-tab-${tab}`}
        className="grid gap-3"
      >
        {tab === 'cameras' && (
          <CamerasTab
            cameras={cameras.data ?? []}
            online={online}
            onAdd={() => setEditing({ kind: 'camera', record: null })}
            onEdit={(record) => setEditing({ kind: 'camera', record })}
            onRemove={(record) =>
              setRemoving({ kind: 'cameras', id: record.id, label: record.cameraId })
            }
            onRecorded={() => setTab('security')}
          />
        )}
        {tab === 'security' && <SecurityTab events={events.data ?? []} online={online} />}
        {tab === 'staff' && (
          <StaffTab
            staff={staff.data ?? []}
            online={online}
            onAdd={() => setEditing({ kind: 'staff', record: null })}
            onEdit={(record) => setEditing({ kind: 'staff', record })}
            onRemove={(record) => setRemoving({ kind: 'staff', id: record.id, label: record.name })}
          />
        )}
        {tab === 'vehicles' && (
          <VehiclesTab
            vehicles={vehicles.data ?? []}
            online={online}
            onAdd={() => setEditing({ kind: 'vehicle', record: null })}
            onEdit={(record) => setEditing({ kind: 'vehicle', record })}
            onRemove={(record) =>
              setRemoving({ kind: 'vehicles', id: record.id, label: record.plateNumber })
            }
          />
        )}
        {tab === 'maintenance' && (
          <Placeholder title={T.maintenanceTitle} text={T.maintenanceText} />
        )}
        {tab === 'hotel' && <Placeholder title={T.hotelTitle} text={T.hotelText} />}
        {tab === 'ambient' && <AmbientTab />}
      </div>

      {editing?.kind === 'camera' && (
        <CameraForm camera={editing.record} onClose={() => setEditing(null)} />
      )}
      {editing?.kind === 'staff' && (
        <StaffForm member={editing.record} onClose={() => setEditing(null)} />
      )}
      {editing?.kind === 'vehicle' && (
        <VehicleForm vehicle={editing.record} onClose={() => setEditing(null)} />
      )}
      {removing && <RemoveDialog removing={removing} onClose={() => setRemoving(null)} />}
    </section>
  );
}

function SummaryCards({ status }: { status: HubStatus }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div className={card} data-testid="card-cameras">
        <dt className="text-sm text-muted">{T.camerasCard}</dt>
        <dd className="text-2xl font-semibold">
          {T.camerasActive(status.activeCameras, status.totalCameras)}
        </dd>
        <dd className="text-sm text-muted">{T.activeLabel}</dd>
      </div>
      <div className={card} data-testid="card-staff">
        <dt className="text-sm text-muted">{T.staffCard}</dt>
        <dd className="text-2xl font-semibold">{status.activeStaff}</dd>
        <dd className="text-sm text-muted">{T.onDuty}</dd>
      </div>
      <div className={card} data-testid="card-events">
        <dt className="text-sm text-muted">{T.eventsCard}</dt>
        <dd className="text-2xl font-semibold">{status.recentEvents}</dd>
        <dd className="text-sm text-muted">{T.last24h}</dd>
      </div>
      <div className={card} data-testid="card-health">
        <dt className="text-sm text-muted">{T.healthCard}</dt>
        <dd className="mt-1">
          <span className={cn(badge, 'text-sm', healthClass(status.systemHealth))}>
            {status.systemHealth}
          </span>
        </dd>
      </div>
    </dl>
  );
}

function AddButton({
  label,
  onClick,
  online,
}: {
  label: string;
  onClick: () => void;
  online: boolean;
}) {
  return (
    <Button className="justify-self-start" onClick={onClick} disabled={!online}>
      {label}
    </Button>
  );
}

function RowActions({
  online,
  onEdit,
  onRemove,
  name,
}: {
  online: boolean;
  onEdit: () => void;
  onRemove: () => void;
  name: string;
}) {
  return (
    <div className="flex flex-wrap gap-1">
      <Button
        variant="ghost"
        className={rowButton}
        disabled={!online}
        onClick={onEdit}
        aria-label={`${T.edit} ${name}`}
      >
        {T.edit}
      </Button>
      <Button
        variant="ghost"
        className={rowButton}
        disabled={!online}
        onClick={onRemove}
        aria-label={`${T.remove} ${name}`}
      >
        {T.remove}
      </Button>
    </div>
  );
}

function CamerasTab({
  cameras,
  online,
  onAdd,
  onEdit,
  onRemove,
  onRecorded,
}: {
  cameras: Camera[];
  online: boolean;
  onAdd: () => void;
  onEdit: (camera: Camera) => void;
  onRemove: (camera: Camera) => void;
  onRecorded: () => void;
}) {
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const detection = useTriggerDetection();
  const disabled = triggersDisabled(cameras.length, detection.isPending) || !online;
  const trigger = (detectionType: DetectionType) =>
    detection.mutate(
      { ...triggerTarget(cameras), detectionType },
      {
        onSuccess: (event) => {
          toast({
            title: T.detectionRecorded,
            description: `${eventTypeLabel(event.eventType)}: ${event.severity}`,
          });
          onRecorded();
        },
        onError: () =>
          toast({ title: T.error, description: T.detectionFailed, variant: 'destructive' }),
      },
    );
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <AddButton label={T.addCamera} onClick={onAdd} online={online} />
        <div className="ml-auto flex gap-1" role="group" aria-label="View">
          <Button
            variant={view === 'grid' ? 'secondary' : 'ghost'}
            size="icon"
            aria-label={T.grid}
            aria-pressed={view === 'grid'}
            onClick={() => setView('grid')}
          >
            <Grid2x2 size={18} aria-hidden />
          </Button>
          <Button
            variant={view === 'list' ? 'secondary' : 'ghost'}
            size="icon"
            aria-label={T.list}
            aria-pressed={view === 'list'}
            onClick={() => setView('list')}
          >
            <List size={18} aria-hidden />
          </Button>
        </div>
      </div>
      <section className={card} aria-labelledby="hub-triggers">
        <h2 id="hub-triggers" className="mb-2 font-semibold">
          {T.triggers}
        </h2>
        <div className="flex flex-wrap gap-2">
          {DETECTION_TYPES.map((type) => (
            <Button key={type} variant="outline" disabled={disabled} onClick={() => trigger(type)}>
              {DETECTION_LABELS[type]}
            </Button>
          ))}
        </div>
        {cameras.length === 0 && <p className="mt-2 text-sm text-muted">{T.triggerHint}</p>}
      </section>
      {cameras.length === 0 ? (
        <p className={cn(card, 'text-center text-muted')}>{T.noCameras}</p>
      ) : view === 'grid' ? (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {cameras.map((camera) => (
            <li key={camera.id} className={cn(card, 'grid gap-2')} data-testid="camera-tile">
              <div className="relative grid aspect-video place-items-center rounded-lg bg-stone-900 text-stone-400">
                <CameraIcon size={32} aria-hidden />
                <span className="sr-only">{T.feedPlaceholder}</span>
                <span className="absolute bottom-1 left-2 font-mono text-xs">
                  {camera.ipAddress}
                </span>
                <span
                  className={cn(badge, 'absolute top-2 right-2', cameraStatusClass(camera.status))}
                >
                  {cameraStatusKind(camera.status)}
                </span>
                {camera.status === 'online' && (
                  <span className={cn(badge, 'absolute top-2 left-2 bg-red-600 text-white')}>
                    ● {T.rec}
                  </span>
                )}
              </div>
              <p className="font-semibold">{camera.location}</p>
              <p className="text-sm text-muted">
                {camera.cameraId} · {camera.zone}
              </p>
              <RowActions
                online={online}
                name={camera.cameraId}
                onEdit={() => onEdit(camera)}
                onRemove={() => onRemove(camera)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <ul className="grid gap-2">
          {cameras.map((camera) => (
            <li
              key={camera.id}
              className={cn(card, 'flex flex-wrap items-center gap-3')}
              data-testid="camera-row"
            >
              <span className="font-semibold">{camera.location}</span>
              <span className="text-sm text-muted">{camera.cameraId}</span>
              <span className="text-sm text-muted">{camera.zone}</span>
              <span className="font-mono text-sm">{camera.ipAddress}</span>
              <span className={cn(badge, cameraStatusClass(camera.status))}>
                {cameraStatusKind(camera.status)}
              </span>
              <span className="ml-auto">
                <RowActions
                  online={online}
                  name={camera.cameraId}
                  onEdit={() => onEdit(camera)}
                  onRemove={() => onRemove(camera)}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function SecurityTab({ events, online }: { events: SecurityEvent[]; online: boolean }) {
  const acknowledge = useAcknowledge();
  if (events.length === 0) {
    return (
      <div className={cn(card, 'grid justify-items-center gap-1 text-center')}>
        <p className="font-semibold">{T.noEvents}</p>
        <p className="text-muted">{T.allClear}</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-2">
      {events.map((event) => (
        <li key={event.id} className={cn(card, 'grid gap-1')} data-testid="security-event">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{eventTypeLabel(event.eventType)}</span>
            <span className={cn(badge, SEVERITY_CLASSES[event.severity])} data-testid="severity">
              {event.severity}
            </span>
            {event.severity === 'critical' &&
              (event.acknowledgedAt ? (
                <span className="text-sm text-muted">{T.acknowledged}</span>
              ) : (
                <Button
                  variant="outline"
                  className={cn(rowButton, 'ml-auto')}
                  disabled={!online || acknowledge.isPending}
                  onClick={() =>
                    acknowledge.mutate(event.id, {
                      onError: (error) =>
                        toast({
                          title: T.error,
                          description: refusalMessage(error),
                          variant: 'destructive',
                        }),
                    })
                  }
                >
                  {T.acknowledge}
                </Button>
              ))}
          </div>
          <p>{event.description}</p>
          <p className="text-sm text-muted">
            {event.zone} ·{' '}
            <time dateTime={event.timestamp}>{new Date(event.timestamp).toLocaleString()}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}

function StaffTab({
  staff,
  online,
  onAdd,
  onEdit,
  onRemove,
}: {
  staff: StaffMember[];
  online: boolean;
  onAdd: () => void;
  onEdit: (member: StaffMember) => void;
  onRemove: (member: StaffMember) => void;
}) {
  return (
    <>
      <AddButton label={T.addStaff} onClick={onAdd} online={online} />
      {staff.length === 0 ? (
        <p className={cn(card, 'text-center text-muted')}>{T.noStaff}</p>
      ) : (
        <ul className="grid gap-2">
          {staff.map((member) => (
            <li
              key={member.id}
              className={cn(card, 'flex flex-wrap items-center gap-3')}
              data-testid="staff-row"
            >
              <span className="font-semibold">{member.name}</span>
              <span className="text-sm text-muted">{member.role}</span>
              <span className="text-sm text-muted">{member.staffId}</span>
              {member.uniformColor && <span className="text-sm">{member.uniformColor}</span>}
              <span className={cn(badge, STAFF_STATUS_CLASSES[member.status])}>
                {STAFF_STATUS_LABELS[member.status]}
              </span>
              <span className="ml-auto">
                <RowActions
                  online={online}
                  name={member.name}
                  onEdit={() => onEdit(member)}
                  onRemove={() => onRemove(member)}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function VehiclesTab({
  vehicles,
  online,
  onAdd,
  onEdit,
  onRemove,
}: {
  vehicles: Vehicle[];
  online: boolean;
  onAdd: () => void;
  onEdit: (vehicle: Vehicle) => void;
  onRemove: (vehicle: Vehicle) => void;
}) {
  return (
    <>
      <AddButton label={T.addVehicle} onClick={onAdd} online={online} />
      {vehicles.length === 0 ? (
        <p className={cn(card, 'text-center text-muted')}>{T.noVehicles}</p>
      ) : (
        <ul className="grid gap-2">
          {vehicles.map((vehicle) => (
            <li
              key={vehicle.id}
              className={cn(card, 'flex flex-wrap items-center gap-3')}
              data-testid="vehicle-row"
            >
              <span className="font-mono font-semibold">{vehicle.plateNumber}</span>
              <span className="text-sm text-muted">{vehicle.vehicleType}</span>
              <span className="text-sm text-muted">{vehicle.ownerName}</span>
              <span className={cn(badge, VEHICLE_STATUS_CLASSES[vehicle.status])}>
                {VEHICLE_STATUS_LABELS[vehicle.status]}
              </span>
              <span className="ml-auto">
                <RowActions
                  online={online}
                  name={vehicle.plateNumber}
                  onEdit={() => onEdit(vehicle)}
                  onRemove={() => onRemove(vehicle)}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Placeholder({ title, text }: { title: string; text: string }) {
  return (
    <div className={cn(card, 'grid gap-1')}>
      <h2 className="font-semibold">{title}</h2>
      <p className="text-muted">{text}</p>
    </div>
  );
}

function AmbientTab() {
  return (
    <>
      <h2 className="font-semibold">{T.ambientTitle}</h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className={card}>
          <dt className="text-sm text-muted">{T.activeZones}</dt>
          <dd className="text-2xl font-semibold">0</dd>
        </div>
        <div className={card}>
          <dt className="text-sm text-muted">{T.tensionState}</dt>
          <dd className="text-2xl font-semibold">{T.calm}</dd>
        </div>
        <div className={card}>
          <dt className="text-sm text-muted">{T.activeSuggestions}</dt>
          <dd className="text-2xl font-semibold">0</dd>
        </div>
      </dl>
      <div className="grid gap-3 sm:grid-cols-2">
        {AMBIENT_CAPABILITIES.map((group) => (
          <section key={group.title} className={card}>
            <h3 className="mb-1 font-semibold">{group.title}</h3>
            <ul className="list-disc pl-5 text-sm">
              {group.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <p role="note" className={cn(card, 'text-sm text-muted')}>
        {T.ambientNote}
      </p>
    </>
  );
}

function RemoveDialog({
  removing,
  onClose,
}: {
  removing: NonNullable<Removing>;
  onClose: () => void;
}) {
  const remove = useDeleteRecord();
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={T.confirmRemove(removing.label)}
      description={T.confirmRemoveHint}
    >
      {refusal && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {T.removeFailed}: {refusal}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          {T.cancel}
        </Button>
        <Button
          variant="destructive"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(
              { kind: removing.kind, id: removing.id },
              { onSuccess: onClose, onError: (error) => setRefusal(refusalMessage(error)) },
            )
          }
        >
          {T.remove}
        </Button>
      </div>
    </Dialog>
  );
}
