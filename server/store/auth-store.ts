// auth.json: the access code's hash, users, sessions (hashed ids only) and the restriction settings.
import { z } from 'zod';
import { ROLES, type Role } from '../../src/domain/roles';
import { INITIAL_DEFAULT_PERMISSIONS, PERMISSION_IDS } from '../auth/permissions';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from './json-file-store';

export const AUTH_FILE_VERSION = 1;

// 'engineer' joined the roles in issue 14. A file written before it names only owner, admin and user, which
// still parse: the enum grew, nothing was renamed, so the version stays 1 and no migration is needed.
export { ROLES, type Role };

export const DEVICE_TYPES = [
  'iPhone',
  'iPad',
  'Mac',
  'Android',
  'Windows',
  'Linux',
  'Unknown',
] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

const timestamp = z.number().int().nonnegative();

const scryptParamsSchema = z.object({
  N: z.number().int().positive(),
  r: z.number().int().positive(),
  p: z.number().int().positive(),
  keyLength: z.number().int().positive(),
});

const accessCodeSchema = z.object({
  /** A generated code is compared without case, spaces or dashes; a configured one exactly. */
  kind: z.enum(['generated', 'configured']),
  salt: z.string().min(1),
  hash: z.string().min(1),
  params: scryptParamsSchema,
});

const userSchema = z.object({
  id: z.string().min(1),
  clientId: z.string().min(1),
  name: z.string().nullable(),
  role: z.enum(ROLES),
  deviceType: z.enum(DEVICE_TYPES),
  /** sha256 of the kiri_device cookie, so a device that logs in again is the same user. */
  deviceTokenHash: z.string().nullable(),
  createdAt: timestamp,
  lastAccess: timestamp,
  lastLoginAt: timestamp,
  permissions: z.array(z.enum(PERMISSION_IDS)),
});

const sessionSchema = z.object({
  userId: z.string().min(1),
  createdAt: timestamp,
  lastUsedAt: timestamp,
});

export const authFileSchema = z.object({
  version: z.literal(AUTH_FILE_VERSION),
  accessCode: accessCodeSchema.nullable(),
  users: z.array(userSchema),
  /** Keyed by sha256 of the session id: a copy of this file cannot be used to log in. */
  sessions: z.record(z.string(), sessionSchema),
  restrictions: z.object({
    restrictionMode: z.boolean(),
    defaultPermissions: z.array(z.enum(PERMISSION_IDS)),
  }),
});

export type AuthFile = z.infer<typeof authFileSchema>;
export type StoredUser = z.infer<typeof userSchema>;
export type StoredSession = z.infer<typeof sessionSchema>;
export type StoredAccessCode = z.infer<typeof accessCodeSchema>;
export type ScryptParams = z.infer<typeof scryptParamsSchema>;
export type AuthStore = JsonFileStore<AuthFile>;

export function defaultAuthFile(): AuthFile {
  return {
    version: AUTH_FILE_VERSION,
    accessCode: null,
    users: [],
    sessions: {},
    // On by default: someone the owner shares the code with starts with chat and screen settings only.
    restrictions: { restrictionMode: true, defaultPermissions: [...INITIAL_DEFAULT_PERMISSIONS] },
  };
}

/** migrations[n] turns version n into n + 1. Version 1 is the first, so there is nothing to upgrade yet. */
export const AUTH_MIGRATIONS: Record<number, Migration> = {};

export const authStoreDefinition: StoreDefinition<AuthFile> = {
  fileName: 'auth.json',
  currentVersion: AUTH_FILE_VERSION,
  schema: authFileSchema,
  defaults: defaultAuthFile,
  migrations: AUTH_MIGRATIONS,
};

export function openAuthStore(dataDir: string): Promise<AuthStore> {
  return openJsonFileStore(dataDir, authStoreDefinition);
}
