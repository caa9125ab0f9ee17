// The Add and Edit forms of the register (cameras, staff, vehicles) in a dialog: checked as typed with
// the API's own rules, sent once, the server's refusal (a taken id or plate) shown under the form.
import { useState, type ReactNode } from 'react';
import {
  CAMERA_STATUSES,
  DEFAULT_CAMERA_STATUS,
  DEFAULT_STAFF_STATUS,
  DEFAULT_VEHICLE_STATUS,
  STAFF_STATUSES,
  VEHICLE_STATUSES,
} from '@/domain/presence-hub';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import type { Camera, StaffMember, Vehicle } from '../api/presence-hub-api';
import { useSaveCamera, useSaveStaff, useSaveVehicle } from '../hooks/usePresenceHub';
import {
  cameraBody,
  cameraProblems,
  refusalMessage,
  staffBody,
  staffProblems,
  vehicleBody,
  vehicleProblems,
  type CameraDraft,
  type Problems,
  type StaffDraft,
  type VehicleDraft,
} from '../model/console-model';
import {
  CAMERA_STATUS_LABELS,
  HUB_TEXT as T,
  STAFF_STATUS_LABELS,
  VEHICLE_STATUS_LABELS,
} from '../model/texts';
import { FormField } from '@/ui/FormField';

const input = 'w-full rounded-lg border border-line bg-page px-3 py-2 text-base';

/** The status select of the forms: the statuses in the spec's order, each with its label. */
function StatusField<S extends string>({
  shown,
  value,
  onChange,
  statuses,
  labels,
}: {
  shown: boolean;
  value: string;
  onChange: (value: string) => void;
  statuses: readonly S[];
  labels: Record<S, string>;
}) {
  return (
    <FormField label={T.fields.status} problem={undefined} shown={shown}>
      {(props) => (
        <select
          {...props}
          className={input}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          {statuses.map((status) => (
            <option key={status} value={status}>
              {labels[status]}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** A text field of the forms: the label, the input and its problem or hint. */
function TextField({
  value,
  onChange,
  ...field
}: Omit<Parameters<typeof FormField>[0], 'children'> & {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField {...field}>
      {(props) => (
        <input
          {...props}
          className={input}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}

function FormShell<D extends object>({
  title,
  open,
  onClose,
  problems,
  pending,
  refusal,
  onSubmit,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  problems: Problems<D>;
  pending: boolean;
  refusal: string | null;
  onSubmit: () => void;
  children: (shown: boolean) => ReactNode;
}) {
  const [tried, setTried] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={title}>
      <form
        noValidate
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (Object.keys(problems).length === 0 && !pending) onSubmit();
        }}
      >
        {children(tried)}
        {refusal && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {refusal}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" disabled={pending}>
            {T.save}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function useSave<B>(
  save: {
    mutate: (input: { id: string | null; body: B }, options: object) => void;
    isPending: boolean;
  },
  onClose: () => void,
) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = (id: string | null, body: B) => {
    setRefusal(null);
    save.mutate(
      { id, body },
      { onSuccess: onClose, onError: (error: unknown) => setRefusal(refusalMessage(error)) },
    );
  };
  return { refusal, send, pending: save.isPending };
}

export function CameraForm({ camera, onClose }: { camera: Camera | null; onClose: () => void }) {
  const [draft, setDraft] = useState<CameraDraft>(() => ({
    cameraId: camera?.cameraId ?? '',
    zone: camera?.zone ?? '',
    location: camera?.location ?? '',
    ipAddress: camera?.ipAddress ?? '',
    status:
      camera && (CAMERA_STATUSES as readonly string[]).includes(camera.status)
        ? (camera.status as CameraDraft['status'])
        : DEFAULT_CAMERA_STATUS,
  }));
  const { refusal, send, pending } = useSave(useSaveCamera(), onClose);
  const problems = cameraProblems(draft);
  const set = (key: keyof CameraDraft) => (value: string) => setDraft({ ...draft, [key]: value });
  return (
    <FormShell<CameraDraft>
      title={camera ? T.editCamera : T.addCamera}
      open
      onClose={onClose}
      problems={problems}
      pending={pending}
      refusal={refusal}
      onSubmit={() => send(camera?.id ?? null, cameraBody(draft))}
    >
      {(shown) => (
        <>
          <TextField
            label={T.fields.cameraId}
            hint={camera ? undefined : T.fields.cameraIdHint}
            problem={problems.cameraId}
            shown={shown}
            value={draft.cameraId}
            onChange={set('cameraId')}
          />
          <TextField
            label={T.fields.zone}
            problem={problems.zone}
            shown={shown}
            value={draft.zone}
            onChange={set('zone')}
          />
          <TextField
            label={T.fields.location}
            problem={problems.location}
            shown={shown}
            value={draft.location}
            onChange={set('location')}
          />
          <FormField label={T.fields.ipAddress} problem={problems.ipAddress} shown={shown}>
            {(props) => (
              <input
                {...props}
                className={input}
                inputMode="url"
                value={draft.ipAddress}
                onChange={(e) => set('ipAddress')(e.target.value)}
              />
            )}
          </FormField>
          <StatusField
            shown={shown}
            value={draft.status}
            onChange={set('status')}
            statuses={CAMERA_STATUSES}
            labels={CAMERA_STATUS_LABELS}
          />
        </>
      )}
    </FormShell>
  );
}

export function StaffForm({
  member,
  onClose,
}: {
  member: StaffMember | null;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<StaffDraft>(() => ({
    staffId: member?.staffId ?? '',
    name: member?.name ?? '',
    role: member?.role ?? '',
    status: member?.status ?? DEFAULT_STAFF_STATUS,
    uniformColor: member?.uniformColor ?? '',
  }));
  const { refusal, send, pending } = useSave(useSaveStaff(), onClose);
  const problems = staffProblems(draft);
  const set = (key: keyof StaffDraft) => (value: string) => setDraft({ ...draft, [key]: value });
  return (
    <FormShell<StaffDraft>
      title={member ? T.editStaff : T.addStaff}
      open
      onClose={onClose}
      problems={problems}
      pending={pending}
      refusal={refusal}
      onSubmit={() => send(member?.id ?? null, staffBody(draft, member !== null))}
    >
      {(shown) => (
        <>
          <TextField
            label={T.fields.staffId}
            hint={member ? undefined : T.fields.staffIdHint}
            problem={problems.staffId}
            shown={shown}
            value={draft.staffId}
            onChange={set('staffId')}
          />
          <TextField
            label={T.fields.name}
            problem={problems.name}
            shown={shown}
            value={draft.name}
            onChange={set('name')}
          />
          <TextField
            label={T.fields.role}
            problem={problems.role}
            shown={shown}
            value={draft.role}
            onChange={set('role')}
          />
          <TextField
            label={T.fields.uniformColor}
            problem={problems.uniformColor}
            shown={shown}
            value={draft.uniformColor}
            onChange={set('uniformColor')}
          />
          <StatusField
            shown={shown}
            value={draft.status}
            onChange={set('status')}
            statuses={STAFF_STATUSES}
            labels={STAFF_STATUS_LABELS}
          />
        </>
      )}
    </FormShell>
  );
}

export function VehicleForm({
  vehicle,
  onClose,
}: {
  vehicle: Vehicle | null;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<VehicleDraft>(() => ({
    plateNumber: vehicle?.plateNumber ?? '',
    vehicleType: vehicle?.vehicleType ?? '',
    ownerName: vehicle?.ownerName ?? '',
    status: vehicle?.status ?? DEFAULT_VEHICLE_STATUS,
  }));
  const { refusal, send, pending } = useSave(useSaveVehicle(), onClose);
  const problems = vehicleProblems(draft);
  const set = (key: keyof VehicleDraft) => (value: string) => setDraft({ ...draft, [key]: value });
  return (
    <FormShell<VehicleDraft>
      title={vehicle ? T.editVehicle : T.addVehicle}
      open
      onClose={onClose}
      problems={problems}
      pending={pending}
      refusal={refusal}
      onSubmit={() => send(vehicle?.id ?? null, vehicleBody(draft))}
    >
      {(shown) => (
        <>
          <TextField
            label={T.fields.plateNumber}
            problem={problems.plateNumber}
            shown={shown}
            value={draft.plateNumber}
            onChange={set('plateNumber')}
          />
          <TextField
            label={T.fields.vehicleType}
            problem={problems.vehicleType}
            shown={shown}
            value={draft.vehicleType}
            onChange={set('vehicleType')}
          />
          <TextField
            label={T.fields.ownerName}
            problem={problems.ownerName}
            shown={shown}
            value={draft.ownerName}
            onChange={set('ownerName')}
          />
          <StatusField
            shown={shown}
            value={draft.status}
            onChange={set('status')}
            statuses={VEHICLE_STATUSES}
            labels={VEHICLE_STATUS_LABELS}
          />
        </>
      )}
    </FormShell>
  );
}
