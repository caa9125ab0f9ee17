// What the presence hub console decides (docs/presence-hub.md): its tabs and the one in the address, the
// values a detection trigger sends, the colours of severities, statuses and health, the register forms'
// checks (the same rules the API runs) and the words of a refusal.
import {
  cameraStatusKind,
  DEFAULT_TRIGGER_CAMERA,
  DEFAULT_TRIGGER_ZONE,
  FIELD_PROBLEMS,
  isCameraAddress,
  isPlate,
  isRecordId,
  MAX_COLOUR_CHARS,
  MAX_LOCATION_CHARS,
  MAX_NAME_CHARS,
  MAX_ROLE_CHARS,
  MAX_VEHICLE_TYPE_CHARS,
  MAX_ZONE_CHARS,
  normalizePlate,
  type CameraStatus,
  type Severity,
  type StaffStatus,
  type VehicleStatus,
} from '@/domain/presence-hub';
import { isApiError } from '@/lib/api';

export const CONSOLE_TABS = [
  'cameras',
  'security',
  'staff',
  'vehicles',
  'maintenance',
  'hotel',
  'ambient',
] as const;
export type ConsoleTab = (typeof CONSOLE_TABS)[number];

/** Rule: the console opens on the tab its address names (a push opens ?tab=security), else Cameras. */
export function tabFromSearch(search: string): ConsoleTab {
  const tab = new URLSearchParams(search).get('tab');
  return (CONSOLE_TABS as readonly string[]).includes(tab ?? '') ? (tab as ConsoleTab) : 'cameras';
}

/** Spec 002 §7: a trigger uses the first camera's values, defaulting to CAM-001 and 'Main Lobby'. */
export function triggerTarget(cameras: readonly { cameraId: string; zone: string }[]): {
  cameraId: string;
  zone: string;
} {
  const first = cameras[0];
  return first
    ? { cameraId: first.cameraId, zone: first.zone }
    : { cameraId: DEFAULT_TRIGGER_CAMERA, zone: DEFAULT_TRIGGER_ZONE };
}

/** Rule: the triggers are disabled when there is no camera or a request is under way. */
export function triggersDisabled(cameraCount: number, busy: boolean): boolean {
  return cameraCount === 0 || busy;
}

/** Spec 002 §9: critical red, high orange, medium yellow, low blue. */
export const SEVERITY_CLASSES: Record<Severity, string> = {
  critical: 'bg-red-600 text-white',
  high: 'bg-orange-500 text-white',
  medium: 'bg-yellow-400 text-yellow-950',
  low: 'bg-blue-600 text-white',
};

/** Spec 002 §4: camera statuses with matching colours; any other status is maintenance. */
export function cameraStatusClass(status: string): string {
  const classes: Record<CameraStatus, string> = {
    online: 'bg-emerald-600 text-white',
    offline: 'bg-red-600 text-white',
    maintenance: 'bg-amber-500 text-amber-950',
  };
  return classes[cameraStatusKind(status)];
}

export const STAFF_STATUS_CLASSES: Record<StaffStatus, string> = {
  on_duty: 'bg-emerald-600 text-white',
  off_duty: 'bg-stone-500 text-white',
  break: 'bg-amber-500 text-amber-950',
};

export const VEHICLE_STATUS_CLASSES: Record<VehicleStatus, string> = {
  authorized: 'bg-emerald-600 text-white',
  unauthorized: 'bg-red-600 text-white',
};

/** Spec 002 §2: a health badge for healthy, degraded and any other value. */
export function healthClass(health: string): string {
  if (health === 'healthy') return 'bg-emerald-600 text-white';
  if (health === 'degraded') return 'bg-amber-500 text-amber-950';
  return 'bg-stone-500 text-white';
}

export interface CameraDraft {
  cameraId: string;
  zone: string;
  location: string;
  ipAddress: string;
  status: CameraStatus;
}
export interface StaffDraft {
  staffId: string;
  name: string;
  role: string;
  status: StaffStatus;
  uniformColor: string;
}
export interface VehicleDraft {
  plateNumber: string;
  vehicleType: string;
  ownerName: string;
  status: VehicleStatus;
}

export type Problems<T> = Partial<Record<keyof T, string>>;

function required(value: string, max: number): string | undefined {
  const text = value.trim();
  if (text === '') return FIELD_PROBLEMS.required;
  if (text.length > max) return FIELD_PROBLEMS.tooLong(max);
  return undefined;
}

function optionalId(value: string): string | undefined {
  const text = value.trim();
  return text === '' || isRecordId(text) ? undefined : FIELD_PROBLEMS.recordId;
}

function clean<T>(problems: Problems<T>): Problems<T> {
  return Object.fromEntries(
    Object.entries(problems).filter(([, problem]) => problem !== undefined),
  ) as Problems<T>;
}

/** Rule: a camera form is sendable when zone and location are given and the address is a host or URL. */
export function cameraProblems(draft: CameraDraft): Problems<CameraDraft> {
  const address = draft.ipAddress.trim();
  return clean<CameraDraft>({
    cameraId: optionalId(draft.cameraId),
    zone: required(draft.zone, MAX_ZONE_CHARS),
    location: required(draft.location, MAX_LOCATION_CHARS),
    ipAddress:
      address === ''
        ? FIELD_PROBLEMS.required
        : isCameraAddress(address)
          ? undefined
          : FIELD_PROBLEMS.address,
  });
}

export function staffProblems(draft: StaffDraft): Problems<StaffDraft> {
  return clean<StaffDraft>({
    staffId: optionalId(draft.staffId),
    name: required(draft.name, MAX_NAME_CHARS),
    role: required(draft.role, MAX_ROLE_CHARS),
    uniformColor:
      draft.uniformColor.trim().length > MAX_COLOUR_CHARS
        ? FIELD_PROBLEMS.tooLong(MAX_COLOUR_CHARS)
        : undefined,
  });
}

export function vehicleProblems(draft: VehicleDraft): Problems<VehicleDraft> {
  const plate = normalizePlate(draft.plateNumber);
  return clean<VehicleDraft>({
    plateNumber:
      plate === '' ? FIELD_PROBLEMS.required : isPlate(plate) ? undefined : FIELD_PROBLEMS.plate,
    vehicleType: required(draft.vehicleType, MAX_VEHICLE_TYPE_CHARS),
    ownerName: required(draft.ownerName, MAX_NAME_CHARS),
  });
}

/** The body a camera form sends: an empty id is left out, so the server picks the next CAM-number. */
export function cameraBody(draft: CameraDraft) {
  const cameraId = draft.cameraId.trim();
  return {
    ...(cameraId === '' ? {} : { cameraId }),
    zone: draft.zone.trim(),
    location: draft.location.trim(),
    ipAddress: draft.ipAddress.trim(),
    status: draft.status,
  };
}

/** An edit sends an empty colour as null: the colour is removed. */
export function staffBody(draft: StaffDraft, editing: boolean) {
  const staffId = draft.staffId.trim();
  const uniformColor = draft.uniformColor.trim();
  return {
    ...(staffId === '' ? {} : { staffId }),
    name: draft.name.trim(),
    role: draft.role.trim(),
    status: draft.status,
    ...(uniformColor !== '' ? { uniformColor } : editing ? { uniformColor: null } : {}),
  };
}

export function vehicleBody(draft: VehicleDraft) {
  return {
    plateNumber: normalizePlate(draft.plateNumber),
    vehicleType: draft.vehicleType.trim(),
    ownerName: draft.ownerName.trim(),
    status: draft.status,
  };
}

/** The server's own words for a refusal (its JSON error), else the error's message. */
export function refusalMessage(error: unknown): string {
  if (isApiError(error)) {
    try {
      const body = JSON.parse(error.bodyText) as { error?: unknown };
      if (typeof body.error === 'string' && body.error !== '') return body.error;
    } catch {
      // not JSON: the status line below
    }
  }
  return error instanceof Error ? error.message : String(error);
}
