// The presence hub's rules (spec 002 "Presence hub console", §3, §4, §9; docs/presence-hub.md): the
// statuses and severities, a detection's severity, what counts as a recent event and an open critical
// one, the summary the console's cards show, and the checks on what an operator registers. Shared by
// server/presence-hub and src/features/presence-hub, so the form and the API can never disagree.
import { hourAt } from './zoned-time';

export const CAMERA_STATUSES = ['online', 'offline', 'maintenance'] as const;
export const STAFF_STATUSES = ['on_duty', 'off_duty', 'break'] as const;
export const VEHICLE_STATUSES = ['authorized', 'unauthorized'] as const;
export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export const DETECTION_TYPES = ['fire', 'smoke', 'intrusion', 'weapon'] as const;

export type CameraStatus = (typeof CAMERA_STATUSES)[number];
export type StaffStatus = (typeof STAFF_STATUSES)[number];
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];
export type Severity = (typeof SEVERITIES)[number];
export type DetectionType = (typeof DETECTION_TYPES)[number];

/** What a new record gets when the operator names no status (docs/presence-hub.md). */
export const DEFAULT_CAMERA_STATUS: CameraStatus = 'online';
export const DEFAULT_STAFF_STATUS: StaffStatus = 'off_duty';
/** A vehicle is let in only once an operator says so. */
export const DEFAULT_VEHICLE_STATUS: VehicleStatus = 'unauthorized';

/** Spec 002 §7: the trigger's values when no camera is registered (the buttons are disabled then). */
export const DEFAULT_TRIGGER_CAMERA = 'CAM-001';
export const DEFAULT_TRIGGER_ZONE = 'Main Lobby';
/** Spec 002 §7: the emergency alert's zone. */
export const EMERGENCY_ZONE = 'Security Console';
export const EMERGENCY_DESCRIPTION = 'Emergency alert raised from the Security Console';

/** "Security events in the last 24 hours" (spec 002 §2), and how long a critical event stays open. */
export const RECENT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Intrusions between these hours of the owner's day are high, medium otherwise (22:00 to 06:00). */
export const NIGHT_STARTS_HOUR = 22;
export const NIGHT_ENDS_HOUR = 6;

export const MAX_CAMERAS = 500;
export const MAX_STAFF = 1000;
export const MAX_VEHICLES = 1000;
/** The event log keeps the newest this many; older ones are dropped as new ones come. */
export const MAX_EVENTS = 2000;

export const MAX_ID_CHARS = 32;
export const MAX_NAME_CHARS = 80;
export const MAX_ZONE_CHARS = 80;
export const MAX_LOCATION_CHARS = 120;
export const MAX_ADDRESS_CHARS = 512;
export const MAX_ROLE_CHARS = 60;
export const MAX_COLOUR_CHARS = 30;
export const MAX_VEHICLE_TYPE_CHARS = 40;
export const MAX_PLATE_CHARS = 16;
export const MAX_DESCRIPTION_CHARS = 500;

/** Rule: the severity of a detection. Weapon and fire critical, smoke high, intrusion high at night. */
export function detectionSeverity(type: DetectionType, at: number, timeZone: string): Severity {
  switch (type) {
    case 'weapon':
    case 'fire':
      return 'critical';
    case 'smoke':
      return 'high';
    case 'intrusion':
      return isNightHour(hourAt(at, timeZone)) ? 'high' : 'medium';
  }
}

/** Rule: night is 22:00 up to (not including) 06:00 in the owner's zone. */
export function isNightHour(hour: number): boolean {
  return hour >= NIGHT_STARTS_HOUR || hour < NIGHT_ENDS_HOUR;
}

/** The event type a detection records: 'fire_detection' shows as 'FIRE DETECTION'. */
export function detectionEventType(type: DetectionType): string {
  return `${type}_detection`;
}
export const EMERGENCY_EVENT_TYPE = 'emergency_alert';

/** Spec 002 §2: an event's type with underscores turned to spaces, upper-case. */
export function eventTypeLabel(eventType: string): string {
  return eventType.replaceAll('_', ' ').toUpperCase();
}

/** Spec 002 §4: a camera status other than online or offline is treated as maintenance. */
export function cameraStatusKind(status: string): CameraStatus {
  return status === 'online' || status === 'offline' ? status : 'maintenance';
}

export interface EventFacts {
  severity: Severity;
  /** ISO 8601. */
  timestamp: string;
  acknowledgedAt?: string | null;
}

/** Rule: an event is recent when it happened in the last 24 hours (not in the future). */
export function isRecentEvent(event: Pick<EventFacts, 'timestamp'>, now: number): boolean {
  const at = Date.parse(event.timestamp);
  return Number.isFinite(at) && at <= now && now - at < RECENT_WINDOW_MS;
}

/** Rule: a critical event is open while it is recent and nobody has acknowledged it. */
export function isOpenCritical(event: EventFacts, now: number): boolean {
  return event.severity === 'critical' && !event.acknowledgedAt && isRecentEvent(event, now);
}

export type SystemHealth = 'healthy' | 'degraded' | 'unmonitored';

export interface HubStatus {
  activeCameras: number;
  totalCameras: number;
  activeStaff: number;
  recentEvents: number;
  systemHealth: SystemHealth;
}

/**
 * Rule: the console's summary. Degraded when a camera is offline or a critical event is open;
 * unmonitored when no camera is registered (nothing is watched, so nothing can be called healthy);
 * healthy otherwise.
 */
export function hubStatus(
  register: {
    cameras: readonly { status: string }[];
    staff: readonly { status: string }[];
    events: readonly EventFacts[];
  },
  now: number,
): HubStatus {
  const { cameras, staff, events } = register;
  const offline = cameras.some((camera) => cameraStatusKind(camera.status) === 'offline');
  const openCritical = events.some((event) => isOpenCritical(event, now));
  return {
    activeCameras: cameras.filter((camera) => camera.status === 'online').length,
    totalCameras: cameras.length,
    activeStaff: staff.filter((member) => member.status === 'on_duty').length,
    recentEvents: events.filter((event) => isRecentEvent(event, now)).length,
    systemHealth:
      offline || openCritical ? 'degraded' : cameras.length === 0 ? 'unmonitored' : 'healthy',
  };
}

/** Rule: the next free camera id after the highest 'CAM-<n>' in use: CAM-001, CAM-002, … */
export function nextCameraId(taken: readonly string[]): string {
  return nextId('CAM', taken);
}

/** Rule: the next free staff id after the highest 'STAFF-<n>' in use. */
export function nextStaffId(taken: readonly string[]): string {
  return nextId('STAFF', taken);
}

function nextId(prefix: string, taken: readonly string[]): string {
  const pattern = new RegExp(`^${prefix}-(\\d{1,9})$`, 'i');
  let highest = 0;
  for (const id of taken) {
    const match = pattern.exec(id);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `${prefix}-${String(highest + 1).padStart(3, '0')}`;
}

/** Rule: an id an operator types: letters, digits, '-' and '_', 1 to 32 characters. */
export function isRecordId(value: string): boolean {
  return value.length >= 1 && value.length <= MAX_ID_CHARS && /^[A-Za-z0-9_-]+$/.test(value);
}

/** Ids and plates are unique whatever their case: 'cam-001' is 'CAM-001'. */
export function sameKey(a: string, b: string): boolean {
  return a.toUpperCase() === b.toUpperCase();
}

/** Rule: a plate as it is kept: trimmed, upper-case, inner runs of spaces made one. */
export function normalizePlate(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** Rule: a plate is letters, digits, spaces and '-', 1 to 16 characters, with at least one letter or digit. */
export function isPlate(value: string): boolean {
  return (
    value.length >= 1 &&
    value.length <= MAX_PLATE_CHARS &&
    /^[\p{L}\p{N}][\p{L}\p{N} -]*$/u.test(value) &&
    /[\p{L}\p{N}]$/u.test(value)
  );
}

const CAMERA_SCHEMES = new Set(['http:', 'https:', 'rtsp:', 'rtsps:']);
const HOST_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const HOSTNAME = new RegExp(`^${HOST_LABEL}(?:\\.${HOST_LABEL})*$`);
const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isPort(value: string): boolean {
  return /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535;
}

function isIpv6(value: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(value) || !value.includes(':')) return false;
  try {
    return new URL(`http://[${value}]/`).hostname !== '';
  } catch {
    return false;
  }
}

/** A host name or an IPv4 address: all-digit dotted names must be a whole address (no '1.2.3'). */
function isHost(value: string): boolean {
  if (value.length > 253) return false;
  if (/^[\d.]+$/.test(value)) return IPV4.test(value);
  return HOSTNAME.test(value);
}

/**
 * Rule: a camera address is a host (name, IPv4, or IPv6 in brackets or bare) with an optional port, or
 * an http, https, rtsp or rtsps URL with a host. Nothing else: no spaces, no other schemes.
 */
export function isCameraAddress(raw: string): boolean {
  const value = raw.trim();
  if (value === '' || value.length > MAX_ADDRESS_CHARS || /\s/.test(value)) return false;
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return false;
    }
    if (!CAMERA_SCHEMES.has(url.protocol)) return false;
    const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    return host !== '' && (isHost(host) || isIpv6(host));
  }
  if (isIpv6(value)) return true;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(value);
  if (bracketed) {
    return isIpv6(bracketed[1]!) && (bracketed[2] === undefined || isPort(bracketed[2]));
  }
  const [host, port, ...rest] = value.split(':');
  if (rest.length > 0 || host === undefined) return false;
  return isHost(host) && (port === undefined || isPort(port));
}

/** The messages the form and the API give for a bad field (the API prefixes the field's name). */
export const FIELD_PROBLEMS = {
  required: 'is required',
  recordId: `must be 1 to ${MAX_ID_CHARS} letters, digits, '-' or '_'`,
  address: 'must be a host name, an IP address or an http, https, rtsp or rtsps URL',
  plate: `must be 1 to ${MAX_PLATE_CHARS} letters, digits, spaces or '-'`,
  tooLong: (max: number) => `must be at most ${max} characters`,
} as const;
