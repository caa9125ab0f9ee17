// /api/presence-hub (spec 002 "Presence hub console", §3, §7; docs/presence-hub.md): the summary, the
// register's lists, create, update and delete of cameras, staff and vehicles, trigger-detection,
// emergency-alert and acknowledging an event. Who may call it is the area's line in
// auth/area-permissions.ts (system_control, refused with 'Access Restricted'), checked before any route
// runs; each route checks the session itself too.
import { Hono } from 'hono';
import { z } from 'zod';
import {
  CAMERA_STATUSES,
  DETECTION_TYPES,
  EMERGENCY_DESCRIPTION,
  EMERGENCY_ZONE,
  FIELD_PROBLEMS,
  isCameraAddress,
  isPlate,
  isRecordId,
  MAX_ADDRESS_CHARS,
  MAX_COLOUR_CHARS,
  MAX_DESCRIPTION_CHARS,
  MAX_LOCATION_CHARS,
  MAX_NAME_CHARS,
  MAX_ROLE_CHARS,
  MAX_VEHICLE_TYPE_CHARS,
  MAX_ZONE_CHARS,
  normalizePlate,
  STAFF_STATUSES,
  VEHICLE_STATUSES,
} from '../../src/domain/presence-hub';
import { requireSession } from '../auth/guards';
import type { AppEnv } from '../http/app-env';
import { jsonBody, pathParams } from '../http/validate';
import type { PresenceHubService } from '../presence-hub/presence-hub-service';

/** Trimmed text, required, at most `max` characters. */
const text = (max: number) =>
  z
    .string({ error: 'must be text' })
    .transform((value) => value.trim())
    .refine((value) => value !== '', { message: FIELD_PROBLEMS.required })
    .refine((value) => value.length <= max, { message: FIELD_PROBLEMS.tooLong(max) });

const recordId = z
  .string({ error: 'must be text' })
  .transform((value) => value.trim())
  .refine(isRecordId, { message: FIELD_PROBLEMS.recordId });

const address = z
  .string({ error: 'must be text' })
  .transform((value) => value.trim())
  .refine((value) => value !== '', { message: FIELD_PROBLEMS.required })
  .refine((value) => value.length <= MAX_ADDRESS_CHARS, {
    message: FIELD_PROBLEMS.tooLong(MAX_ADDRESS_CHARS),
  })
  .refine((value) => value === '' || isCameraAddress(value), { message: FIELD_PROBLEMS.address });

const plate = z
  .string({ error: 'must be text' })
  .transform(normalizePlate)
  .refine((value) => value !== '', { message: FIELD_PROBLEMS.required })
  .refine((value) => value === '' || isPlate(value), { message: FIELD_PROBLEMS.plate });

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

/** An optional id: absent or blank, the server makes one (CAM-001, STAFF-001, …). */
const optionalId = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  recordId.optional(),
);

const cameraFields = {
  cameraId: optionalId,
  zone: text(MAX_ZONE_CHARS),
  location: text(MAX_LOCATION_CHARS),
  ipAddress: address,
  status: oneOf(CAMERA_STATUSES).optional(),
};
export const cameraSchema = z.strictObject(cameraFields);
export const cameraPatchSchema = z
  .strictObject({ ...cameraFields, cameraId: recordId })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'nothing to change' });

const colour = z
  .string({ error: 'must be text' })
  .transform((value) => value.trim())
  .refine((value) => value.length <= MAX_COLOUR_CHARS, {
    message: FIELD_PROBLEMS.tooLong(MAX_COLOUR_CHARS),
  });

const staffFields = {
  staffId: optionalId,
  name: text(MAX_NAME_CHARS),
  role: text(MAX_ROLE_CHARS),
  status: oneOf(STAFF_STATUSES).optional(),
  uniformColor: colour.optional(),
};
export const staffSchema = z.strictObject(staffFields);
export const staffPatchSchema = z
  .strictObject({ ...staffFields, staffId: recordId, uniformColor: colour.nullable() })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'nothing to change' });

const vehicleFields = {
  plateNumber: plate,
  vehicleType: text(MAX_VEHICLE_TYPE_CHARS),
  ownerName: text(MAX_NAME_CHARS),
  status: oneOf(VEHICLE_STATUSES).optional(),
};
export const vehicleSchema = z.strictObject(vehicleFields);
export const vehiclePatchSchema = z
  .strictObject(vehicleFields)
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'nothing to change' });

export const triggerSchema = z.object({
  cameraId: recordId,
  zone: text(MAX_ZONE_CHARS).optional(),
  detectionType: oneOf(DETECTION_TYPES),
});

export const emergencySchema = z.object({
  zone: text(MAX_ZONE_CHARS).optional().default(EMERGENCY_ZONE),
  // Spec 002 §7 sends severity 'critical'; an emergency is never anything less.
  severity: z.literal('critical', { error: 'an emergency alert is always critical' }).optional(),
  description: text(MAX_DESCRIPTION_CHARS).optional().default(EMERGENCY_DESCRIPTION),
});

const idParam = z.object({
  id: z.string().regex(/^[0-9a-f-]{36}$/, 'must be an id from the register'),
});

export function presenceHubRoutes({ hub }: { hub: PresenceHubService }) {
  return new Hono<AppEnv>()
    .get('/status', requireSession, (c) => c.json({ success: true as const, ...hub.status() }))
    .get('/cameras', requireSession, (c) =>
      c.json({ success: true as const, cameras: hub.cameras() }),
    )
    .get('/security-events', requireSession, (c) =>
      c.json({ success: true as const, events: hub.events() }),
    )
    .get('/staff', requireSession, (c) => c.json({ success: true as const, staff: hub.staff() }))
    .get('/vehicles', requireSession, (c) =>
      c.json({ success: true as const, vehicles: hub.vehicles() }),
    )
    .post('/cameras', requireSession, jsonBody(cameraSchema), async (c) =>
      c.json({ success: true as const, camera: await hub.addCamera(c.req.valid('json')) }, 201),
    )
    .patch(
      '/cameras/:id',
      requireSession,
      pathParams(idParam),
      jsonBody(cameraPatchSchema),
      async (c) =>
        c.json({
          success: true as const,
          camera: await hub.updateCamera(c.req.valid('param').id, c.req.valid('json')),
        }),
    )
    .delete('/cameras/:id', requireSession, pathParams(idParam), async (c) => {
      await hub.remove('cameras', c.req.valid('param').id);
      return c.json({ success: true as const });
    })
    .post('/staff', requireSession, jsonBody(staffSchema), async (c) =>
      c.json({ success: true as const, staff: await hub.addStaff(c.req.valid('json')) }, 201),
    )
    .patch(
      '/staff/:id',
      requireSession,
      pathParams(idParam),
      jsonBody(staffPatchSchema),
      async (c) =>
        c.json({
          success: true as const,
          staff: await hub.updateStaff(c.req.valid('param').id, c.req.valid('json')),
        }),
    )
    .delete('/staff/:id', requireSession, pathParams(idParam), async (c) => {
      await hub.remove('staff', c.req.valid('param').id);
      return c.json({ success: true as const });
    })
    .post('/vehicles', requireSession, jsonBody(vehicleSchema), async (c) =>
      c.json({ success: true as const, vehicle: await hub.addVehicle(c.req.valid('json')) }, 201),
    )
    .patch(
      '/vehicles/:id',
      requireSession,
      pathParams(idParam),
      jsonBody(vehiclePatchSchema),
      async (c) =>
        c.json({
          success: true as const,
          vehicle: await hub.updateVehicle(c.req.valid('param').id, c.req.valid('json')),
        }),
    )
    .delete('/vehicles/:id', requireSession, pathParams(idParam), async (c) => {
      await hub.remove('vehicles', c.req.valid('param').id);
      return c.json({ success: true as const });
    })
    .post('/trigger-detection', requireSession, jsonBody(triggerSchema), async (c) =>
      c.json(
        {
          success: true as const,
          event: await hub.triggerDetection(c.req.valid('json'), c.var.viewer.user.id),
        },
        201,
      ),
    )
    .post('/emergency-alert', requireSession, jsonBody(emergencySchema), async (c) => {
      const { zone, description } = c.req.valid('json');
      const event = await hub.emergencyAlert({ zone, description }, c.var.viewer.user.id);
      return c.json({ success: true as const, event }, 201);
    })
    .post('/security-events/:id/acknowledge', requireSession, pathParams(idParam), async (c) =>
      c.json({
        success: true as const,
        event: await hub.acknowledge(c.req.valid('param').id, c.var.viewer.user.id),
      }),
    );
}
