// presence-hub.json: the presence hub's register (spec 002 §3: cameras, staff, vehicles) and its
// security events, oldest first. Journaled: an add, a change or an event appends one line.
import { z } from 'zod';
import {
  CAMERA_STATUSES,
  MAX_EVENTS,
  SEVERITIES,
  STAFF_STATUSES,
  VEHICLE_STATUSES,
} from '../../src/domain/presence-hub';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from '../store/json-file-store';

export const PRESENCE_HUB_FILE_VERSION = 1;

export const cameraSchema = z.object({
  id: z.string(),
  cameraId: z.string(),
  zone: z.string(),
  location: z.string(),
  ipAddress: z.string(),
  status: z.enum(CAMERA_STATUSES),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const staffSchema = z.object({
  id: z.string(),
  staffId: z.string(),
  name: z.string(),
  role: z.string(),
  status: z.enum(STAFF_STATUSES),
  uniformColor: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const vehicleSchema = z.object({
  id: z.string(),
  plateNumber: z.string(),
  vehicleType: z.string(),
  ownerName: z.string(),
  status: z.enum(VEHICLE_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const securityEventSchema = z.object({
  id: z.string(),
  eventType: z.string(),
  description: z.string(),
  zone: z.string(),
  severity: z.enum(SEVERITIES),
  /** ISO 8601, UTC. */
  timestamp: z.string(),
  /** The registered camera that saw it (a trigger), or null (an emergency alert). */
  cameraId: z.string().nullable(),
  /** When an operator acknowledged it; a critical event stays open until then or for 24 hours. */
  acknowledgedAt: z.string().nullable(),
  /** Who raised it and who acknowledged it (user ids; never sent to the client). */
  raisedBy: z.string(),
  acknowledgedBy: z.string().nullable(),
});

export const presenceHubFileSchema = z.object({
  version: z.literal(PRESENCE_HUB_FILE_VERSION),
  cameras: z.array(cameraSchema),
  staff: z.array(staffSchema),
  vehicles: z.array(vehicleSchema),
  events: z.array(securityEventSchema),
});

export type Camera = z.infer<typeof cameraSchema>;
export type StaffMember = z.infer<typeof staffSchema>;
export type Vehicle = z.infer<typeof vehicleSchema>;
export type SecurityEvent = z.infer<typeof securityEventSchema>;
export type PresenceHubFile = z.infer<typeof presenceHubFileSchema>;

/** The three kinds of the register, by their list in the file. */
export type RegisterKind = 'cameras' | 'staff' | 'vehicles';
export interface RegisterRecord {
  cameras: Camera;
  staff: StaffMember;
  vehicles: Vehicle;
}

export type PresenceHubOp =
  | { type: 'put-camera'; record: Camera }
  | { type: 'put-staff'; record: StaffMember }
  | { type: 'put-vehicle'; record: Vehicle }
  | { type: 'delete'; kind: RegisterKind; id: string }
  | { type: 'event'; event: SecurityEvent }
  | { type: 'acknowledge'; id: string; at: string; by: string };

export type PresenceHubStore = JsonFileStore<PresenceHubFile, PresenceHubOp>;

/** Puts a record in place of the one with its id, or at the end. */
function put<T extends { id: string }>(list: T[], record: T): void {
  const index = list.findIndex((item) => item.id === record.id);
  if (index === -1) list.push(record);
  else list[index] = record;
}

export function applyPresenceHubOp(data: PresenceHubFile, op: PresenceHubOp): void {
  switch (op.type) {
    case 'put-camera':
      return put(data.cameras, op.record);
    case 'put-staff':
      return put(data.staff, op.record);
    case 'put-vehicle':
      return put(data.vehicles, op.record);
    case 'delete': {
      const list: { id: string }[] = data[op.kind];
      const index = list.findIndex((item) => item.id === op.id);
      if (index !== -1) list.splice(index, 1);
      return;
    }
    case 'event':
      data.events.push(op.event);
      // The oldest go first: a deterministic cut, so a replayed journal gives the same file.
      if (data.events.length > MAX_EVENTS) data.events.splice(0, data.events.length - MAX_EVENTS);
      return;
    case 'acknowledge': {
      const event = data.events.find((item) => item.id === op.id);
      if (event && event.acknowledgedAt === null) {
        event.acknowledgedAt = op.at;
        event.acknowledgedBy = op.by;
      }
      return;
    }
  }
}

export const PRESENCE_HUB_MIGRATIONS: Record<number, Migration> = {};

export const presenceHubStoreDefinition: StoreDefinition<PresenceHubFile, PresenceHubOp> = {
  fileName: 'presence-hub.json',
  currentVersion: PRESENCE_HUB_FILE_VERSION,
  schema: presenceHubFileSchema,
  defaults: () => ({
    version: PRESENCE_HUB_FILE_VERSION,
    cameras: [],
    staff: [],
    vehicles: [],
    events: [],
  }),
  migrations: PRESENCE_HUB_MIGRATIONS,
  apply: applyPresenceHubOp,
};

export function openPresenceHubStore(dataDir: string): Promise<PresenceHubStore> {
  return openJsonFileStore(dataDir, presenceHubStoreDefinition);
}
