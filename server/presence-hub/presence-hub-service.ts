// The presence hub's register and events (presence-hub.json, docs/presence-hub.md): the summary, the
// lists, adding, changing and removing cameras, staff and vehicles (ids and plates unique), detections on
// a registered camera, the emergency alert, acknowledging, and the push a critical event sends to the
// owner's devices. It runs no timer: nothing here works in the background, so the power states have
// nothing to pause (a critical alarm is pushed in deep pause too: safety is not an AI call).
import {
  DEFAULT_CAMERA_STATUS,
  DEFAULT_STAFF_STATUS,
  DEFAULT_VEHICLE_STATUS,
  detectionEventType,
  detectionSeverity,
  EMERGENCY_EVENT_TYPE,
  hubStatus,
  MAX_CAMERAS,
  MAX_STAFF,
  MAX_VEHICLES,
  nextCameraId,
  nextStaffId,
  sameKey,
  type CameraStatus,
  type DetectionType,
  type HubStatus,
  type StaffStatus,
  type VehicleStatus,
} from '../../src/domain/presence-hub';
import { uuidv7 } from '../../src/domain/uuidv7';
import { HttpError } from '../http/errors';
import type { Logger } from '../log';
import type { PushSender } from '../push/push-sender';
import { criticalPush } from './critical-push';
import type {
  Camera,
  PresenceHubStore,
  SecurityEvent,
  StaffMember,
  Vehicle,
} from './presence-hub-store';

export interface CameraInput {
  cameraId?: string;
  zone: string;
  location: string;
  ipAddress: string;
  status?: CameraStatus;
}
export interface StaffInput {
  staffId?: string;
  name: string;
  role: string;
  status?: StaffStatus;
  /** null removes it (a change); absent keeps it. */
  uniformColor?: string | null;
}
export interface VehicleInput {
  plateNumber: string;
  vehicleType: string;
  ownerName: string;
  status?: VehicleStatus;
}

/** An event as the API answers it (who raised or acknowledged it stays on the server). */
export type PublicEvent = Omit<SecurityEvent, 'raisedBy' | 'acknowledgedBy'>;

export const NOT_FOUND = {
  cameras: 'Camera not found',
  staff: 'Staff member not found',
  vehicles: 'Vehicle not found',
  events: 'Security event not found',
} as const;
export const unknownCamera = (cameraId: string) =>
  `Unknown camera: ${cameraId}. Register the camera first.`;
export const cameraIdTaken = (cameraId: string) => `A camera with id ${cameraId} already exists`;
export const staffIdTaken = (staffId: string) => `A staff member with id ${staffId} already exists`;
export const plateTaken = (plate: string) => `A vehicle with plate ${plate} already exists`;
export const REGISTER_FULL = {
  cameras: `The register is full (${MAX_CAMERAS} cameras)`,
  staff: `The register is full (${MAX_STAFF} staff members)`,
  vehicles: `The register is full (${MAX_VEHICLES} vehicles)`,
} as const;

const publicEvent = ({ raisedBy: _r, acknowledgedBy: _a, ...event }: SecurityEvent): PublicEvent =>
  event;

export interface PresenceHubOptions {
  store: PresenceHubStore;
  clock: () => number;
  timeZone: string;
  /** The user ids of the owner's devices (read at each alarm: pairing adds devices). */
  ownerUserIds: () => string[];
  /** The push issue's sender; absent, events are still recorded. */
  push?: PushSender;
  log?: Logger;
}

export class PresenceHubService {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly options: PresenceHubOptions) {}

  private get data() {
    return this.options.store.data;
  }

  status(): HubStatus {
    return hubStatus(this.data, this.options.clock());
  }

  cameras(): Camera[] {
    return this.data.cameras.map((camera) => ({ ...camera }));
  }

  staff(): StaffMember[] {
    return this.data.staff.map((member) => ({ ...member }));
  }

  vehicles(): Vehicle[] {
    return this.data.vehicles.map((vehicle) => ({ ...vehicle }));
  }

  /** Newest first, as the Security tab shows them. */
  events(): PublicEvent[] {
    return this.data.events.map(publicEvent).reverse();
  }

  private now(): { at: number; iso: string } {
    const at = this.options.clock();
    return { at, iso: new Date(at).toISOString() };
  }

  private find<T extends { id: string }>(list: readonly T[], id: string, missing: string): T {
    const found = list.find((item) => item.id === id);
    if (!found) throw new HttpError(404, missing);
    return found;
  }

  async addCamera(input: CameraInput): Promise<Camera> {
    const { cameras } = this.data;
    if (cameras.length >= MAX_CAMERAS) throw new HttpError(409, REGISTER_FULL.cameras);
    const cameraId = input.cameraId ?? nextCameraId(cameras.map((camera) => camera.cameraId));
    this.checkCameraId(cameraId, null);
    const { at, iso } = this.now();
    const camera: Camera = {
      id: uuidv7(at),
      cameraId,
      zone: input.zone,
      location: input.location,
      ipAddress: input.ipAddress,
      status: input.status ?? DEFAULT_CAMERA_STATUS,
      createdAt: iso,
      updatedAt: iso,
    };
    await this.options.store.commit({ type: 'put-camera', record: camera });
    return { ...camera };
  }

  async updateCamera(id: string, patch: Partial<CameraInput>): Promise<Camera> {
    const current = this.find(this.data.cameras, id, NOT_FOUND.cameras);
    if (patch.cameraId !== undefined) this.checkCameraId(patch.cameraId, id);
    const camera: Camera = { ...current, ...defined(patch), updatedAt: this.now().iso };
    await this.options.store.commit({ type: 'put-camera', record: camera });
    return { ...camera };
  }

  private checkCameraId(cameraId: string, self: string | null): void {
    const clash = this.data.cameras.find(
      (camera) => camera.id !== self && sameKey(camera.cameraId, cameraId),
    );
    if (clash) throw new HttpError(409, cameraIdTaken(clash.cameraId));
  }

  async addStaff(input: StaffInput): Promise<StaffMember> {
    const { staff } = this.data;
    if (staff.length >= MAX_STAFF) throw new HttpError(409, REGISTER_FULL.staff);
    const staffId = input.staffId ?? nextStaffId(staff.map((member) => member.staffId));
    this.checkStaffId(staffId, null);
    const { at, iso } = this.now();
    const member: StaffMember = {
      id: uuidv7(at),
      staffId,
      name: input.name,
      role: input.role,
      status: input.status ?? DEFAULT_STAFF_STATUS,
      ...(input.uniformColor ? { uniformColor: input.uniformColor } : {}),
      createdAt: iso,
      updatedAt: iso,
    };
    await this.options.store.commit({ type: 'put-staff', record: member });
    return { ...member };
  }

  async updateStaff(id: string, patch: Partial<StaffInput>): Promise<StaffMember> {
    const current = this.find(this.data.staff, id, NOT_FOUND.staff);
    if (patch.staffId !== undefined) this.checkStaffId(patch.staffId, id);
    const { uniformColor, ...rest } = patch;
    const member: StaffMember = { ...current, ...defined(rest), updatedAt: this.now().iso };
    if (uniformColor === null || uniformColor === '') delete member.uniformColor;
    else if (uniformColor !== undefined) member.uniformColor = uniformColor;
    await this.options.store.commit({ type: 'put-staff', record: member });
    return { ...member };
  }

  private checkStaffId(staffId: string, self: string | null): void {
    const clash = this.data.staff.find(
      (member) => member.id !== self && sameKey(member.staffId, staffId),
    );
    if (clash) throw new HttpError(409, staffIdTaken(clash.staffId));
  }

  async addVehicle(input: VehicleInput): Promise<Vehicle> {
    const { vehicles } = this.data;
    if (vehicles.length >= MAX_VEHICLES) throw new HttpError(409, REGISTER_FULL.vehicles);
    this.checkPlate(input.plateNumber, null);
    const { at, iso } = this.now();
    const vehicle: Vehicle = {
      id: uuidv7(at),
      plateNumber: input.plateNumber,
      vehicleType: input.vehicleType,
      ownerName: input.ownerName,
      status: input.status ?? DEFAULT_VEHICLE_STATUS,
      createdAt: iso,
      updatedAt: iso,
    };
    await this.options.store.commit({ type: 'put-vehicle', record: vehicle });
    return { ...vehicle };
  }

  async updateVehicle(id: string, patch: Partial<VehicleInput>): Promise<Vehicle> {
    const current = this.find(this.data.vehicles, id, NOT_FOUND.vehicles);
    if (patch.plateNumber !== undefined) this.checkPlate(patch.plateNumber, id);
    const vehicle: Vehicle = { ...current, ...defined(patch), updatedAt: this.now().iso };
    await this.options.store.commit({ type: 'put-vehicle', record: vehicle });
    return { ...vehicle };
  }

  private checkPlate(plate: string, self: string | null): void {
    const clash = this.data.vehicles.find(
      (vehicle) => vehicle.id !== self && sameKey(vehicle.plateNumber, plate),
    );
    if (clash) throw new HttpError(409, plateTaken(clash.plateNumber));
  }

  async remove(kind: 'cameras' | 'staff' | 'vehicles', id: string): Promise<void> {
    const list: readonly { id: string }[] = this.data[kind];
    this.find(list, id, NOT_FOUND[kind]);
    await this.options.store.commit({ type: 'delete', kind, id });
  }

  /**
   * Spec 002 §7 trigger-detection: refused (400, nothing recorded) for a camera not in the register; the
   * zone is the body's, else the camera's.
   */
  async triggerDetection(
    input: { cameraId: string; zone?: string; detectionType: DetectionType },
    by: string,
  ): Promise<PublicEvent> {
    const camera = this.data.cameras.find((item) => sameKey(item.cameraId, input.cameraId));
    if (!camera) throw new HttpError(400, unknownCamera(input.cameraId));
    const { at } = this.now();
    const zone = input.zone ?? camera.zone;
    const severity = detectionSeverity(input.detectionType, at, this.options.timeZone);
    const type = input.detectionType;
    return this.record(
      {
        eventType: detectionEventType(type),
        description: `${type[0]!.toUpperCase()}${type.slice(1)} detected by ${camera.cameraId} at ${camera.location}`,
        zone,
        severity,
        cameraId: camera.cameraId,
      },
      by,
    );
  }

  /** Spec 002 §7 emergency-alert: always a critical event, so always a push. */
  async emergencyAlert(input: { zone: string; description: string }, by: string) {
    return this.record(
      {
        eventType: EMERGENCY_EVENT_TYPE,
        description: input.description,
        zone: input.zone,
        severity: 'critical',
        cameraId: null,
      },
      by,
    );
  }

  /** Closes a critical event before its 24 hours are up; acknowledging twice keeps the first. */
  async acknowledge(id: string, by: string): Promise<PublicEvent> {
    const event = this.find(this.data.events, id, NOT_FOUND.events);
    await this.options.store.commit({ type: 'acknowledge', id, at: this.now().iso, by });
    return publicEvent({ ...event }); // the reducer changed this very object
  }

  private async record(
    fields: Pick<SecurityEvent, 'eventType' | 'description' | 'zone' | 'severity' | 'cameraId'>,
    by: string,
  ): Promise<PublicEvent> {
    const { at, iso } = this.now();
    const event: SecurityEvent = {
      id: uuidv7(at),
      ...fields,
      timestamp: iso,
      acknowledgedAt: null,
      raisedBy: by,
      acknowledgedBy: null,
    };
    await this.options.store.commit({ type: 'event', event });
    if (event.severity === 'critical') this.notifyOwner(event);
    return publicEvent(event);
  }

  /** Sent after the event is on disk and without holding the answer: retries can take seconds. */
  private notifyOwner(event: SecurityEvent): void {
    const { push, log } = this.options;
    if (!push) return;
    const message = criticalPush(event);
    const sending = (async () => {
      for (const userId of this.options.ownerUserIds()) {
        try {
          await push.sendToUser(userId, message);
        } catch (error) {
          log?.error('Presence hub: the critical event push failed', error);
        }
      }
    })();
    this.pending.add(sending);
    void sending.finally(() => this.pending.delete(sending));
  }

  /** Resolves once every push under way has been sent or has failed (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

/** The keys of a patch that carry a value (undefined means 'leave as it is'). */
function defined<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
