// The calls of /api/presence-hub (spec 002 §7, docs/presence-hub.md) over the shared request helper,
// each answer read into a checked shape: a record missing a field is dropped, never guessed at.
import {
  SEVERITIES,
  STAFF_STATUSES,
  VEHICLE_STATUSES,
  type CameraStatus,
  type DetectionType,
  type HubStatus,
  type Severity,
  type StaffStatus,
  type SystemHealth,
  type VehicleStatus,
} from '@/domain/presence-hub';
import { ApiError, apiRequest } from '@/lib/api';

export const HUB_BASE = '/api/presence-hub';
export const HUB_KEY = [HUB_BASE] as const;
export const STATUS_KEY = [HUB_BASE, 'status'] as const;
export const CAMERAS_KEY = [HUB_BASE, 'cameras'] as const;
export const EVENTS_KEY = [HUB_BASE, 'security-events'] as const;
export const STAFF_KEY = [HUB_BASE, 'staff'] as const;
export const VEHICLES_KEY = [HUB_BASE, 'vehicles'] as const;

export interface Camera {
  id: string;
  cameraId: string;
  zone: string;
  location: string;
  ipAddress: string;
  /** Kept as the server sent it: anything but online or offline shows as maintenance (spec 002 §4). */
  status: string;
}
export interface SecurityEvent {
  id: string;
  eventType: string;
  description: string;
  zone: string;
  severity: Severity;
  timestamp: string;
  acknowledgedAt: string | null;
}
export interface StaffMember {
  id: string;
  staffId: string;
  name: string;
  role: string;
  status: StaffStatus;
  uniformColor?: string;
}
export interface Vehicle {
  id: string;
  plateNumber: string;
  vehicleType: string;
  ownerName: string;
  status: VehicleStatus;
}

export interface CameraBody {
  cameraId?: string;
  zone: string;
  location: string;
  ipAddress: string;
  status: CameraStatus;
}
export interface StaffBody {
  staffId?: string;
  name: string;
  role: string;
  status: StaffStatus;
  uniformColor?: string | null;
}
export interface VehicleBody {
  plateNumber: string;
  vehicleType: string;
  ownerName: string;
  status: VehicleStatus;
}

type Rec = Record<string, unknown>;
const isRecord = (value: unknown): value is Rec =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: Rec, keys: readonly string[]) =>
  keys.every((key) => typeof value[key] === 'string');
const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);
const count = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

class UnexpectedAnswer extends Error {
  constructor() {
    super('Unexpected answer from the server');
  }
}

export function parseStatus(value: unknown): HubStatus | null {
  if (!isRecord(value)) return null;
  const { activeCameras, totalCameras, activeStaff, recentEvents, systemHealth } = value;
  if (![activeCameras, totalCameras, activeStaff, recentEvents].every(count)) return null;
  if (typeof systemHealth !== 'string') return null;
  return {
    activeCameras: activeCameras as number,
    totalCameras: totalCameras as number,
    activeStaff: activeStaff as number,
    recentEvents: recentEvents as number,
    systemHealth: systemHealth as SystemHealth,
  };
}

export function parseCamera(value: unknown): Camera | null {
  if (
    !isRecord(value) ||
    !strings(value, ['id', 'cameraId', 'zone', 'location', 'ipAddress', 'status'])
  )
    return null;
  const { id, cameraId, zone, location, ipAddress, status } = value as Record<string, string>;
  return {
    id: id!,
    cameraId: cameraId!,
    zone: zone!,
    location: location!,
    ipAddress: ipAddress!,
    status: status!,
  };
}

export function parseEvent(value: unknown): SecurityEvent | null {
  if (!isRecord(value) || !strings(value, ['id', 'eventType', 'description', 'zone', 'timestamp']))
    return null;
  if (!oneOf(SEVERITIES, value.severity)) return null;
  return {
    id: value.id as string,
    eventType: value.eventType as string,
    description: value.description as string,
    zone: value.zone as string,
    severity: value.severity,
    timestamp: value.timestamp as string,
    acknowledgedAt: typeof value.acknowledgedAt === 'string' ? value.acknowledgedAt : null,
  };
}

export function parseStaff(value: unknown): StaffMember | null {
  if (!isRecord(value) || !strings(value, ['id', 'staffId', 'name', 'role'])) return null;
  if (!oneOf(STAFF_STATUSES, value.status)) return null;
  return {
    id: value.id as string,
    staffId: value.staffId as string,
    name: value.name as string,
    role: value.role as string,
    status: value.status,
    ...(typeof value.uniformColor === 'string' ? { uniformColor: value.uniformColor } : {}),
  };
}

export function parseVehicle(value: unknown): Vehicle | null {
  if (!isRecord(value) || !strings(value, ['id', 'plateNumber', 'vehicleType', 'ownerName']))
    return null;
  if (!oneOf(VEHICLE_STATUSES, value.status)) return null;
  return {
    id: value.id as string,
    plateNumber: value.plateNumber as string,
    vehicleType: value.vehicleType as string,
    ownerName: value.ownerName as string,
    status: value.status,
  };
}

function listOf<T>(field: string, parse: (value: unknown) => T | null) {
  return (value: unknown): T[] | null =>
    isRecord(value) && Array.isArray(value[field])
      ? (value[field] as unknown[]).map(parse).filter((item): item is T => item !== null)
      : null;
}

async function json<T>(response: Response, parse: (value: unknown) => T | null): Promise<T> {
  // The helper hands a 429 back rather than throwing (spec 000 §8); here it is a failed call.
  if (response.status === 429) throw new ApiError(429, response.statusText, 'Too many requests');
  const parsed = parse(await response.json().catch(() => null));
  if (parsed === null) throw new UnexpectedAnswer();
  return parsed;
}

const get =
  <T>(path: string, parse: (value: unknown) => T | null) =>
  async ({ signal }: { signal?: AbortSignal }): Promise<T> =>
    json(await apiRequest('GET', `${HUB_BASE}${path}`, undefined, { signal }), parse);

export const fetchStatus = get('/status', parseStatus);
export const fetchCameras = get('/cameras', listOf('cameras', parseCamera));
export const fetchEvents = get('/security-events', listOf('events', parseEvent));
export const fetchStaff = get('/staff', listOf('staff', parseStaff));
export const fetchVehicles = get('/vehicles', listOf('vehicles', parseVehicle));

const field =
  <T>(name: string, parse: (value: unknown) => T | null) =>
  (value: unknown) =>
    isRecord(value) ? parse(value[name]) : null;

export type RegisterKind = 'cameras' | 'staff' | 'vehicles';

export async function saveCamera(id: string | null, body: CameraBody): Promise<Camera> {
  const response = await apiRequest(
    id ? 'PATCH' : 'POST',
    `${HUB_BASE}/cameras${id ? `/${id}` : ''}`,
    body,
  );
  return json(response, field('camera', parseCamera));
}

export async function saveStaff(id: string | null, body: StaffBody): Promise<StaffMember> {
  const response = await apiRequest(
    id ? 'PATCH' : 'POST',
    `${HUB_BASE}/staff${id ? `/${id}` : ''}`,
    body,
  );
  return json(response, field('staff', parseStaff));
}

export async function saveVehicle(id: string | null, body: VehicleBody): Promise<Vehicle> {
  const response = await apiRequest(
    id ? 'PATCH' : 'POST',
    `${HUB_BASE}/vehicles${id ? `/${id}` : ''}`,
    body,
  );
  return json(response, field('vehicle', parseVehicle));
}

export async function deleteRecord(kind: RegisterKind, id: string): Promise<void> {
  await json(await apiRequest('DELETE', `${HUB_BASE}/${kind}/${id}`), (value) =>
    isRecord(value) && value.success === true ? true : null,
  );
}

export async function postDetection(body: {
  cameraId: string;
  zone: string;
  detectionType: DetectionType;
}): Promise<SecurityEvent> {
  return json(
    await apiRequest('POST', `${HUB_BASE}/trigger-detection`, body),
    field('event', parseEvent),
  );
}

export async function postEmergency(body: {
  zone: string;
  severity: 'critical';
  description: string;
}): Promise<SecurityEvent> {
  return json(
    await apiRequest('POST', `${HUB_BASE}/emergency-alert`, body),
    field('event', parseEvent),
  );
}

export async function postAcknowledge(id: string): Promise<SecurityEvent> {
  return json(
    await apiRequest('POST', `${HUB_BASE}/security-events/${id}/acknowledge`),
    field('event', parseEvent),
  );
}
