// The one map of which permission (spec 002 §6) each API area needs, shared by the server, which enforces
// it on every /api request before any route runs (server/auth/area-permissions.ts), and the device, whose
// screens ask an area only when the account holds what it needs (lib/auth-session.ts usePermission): one
// table, so that the two cannot disagree. tests/server/permission-matrix.test.ts walks the app's routes
// and fails for any that falls in no area here, and probes every area (401 without a session, 403
// without the permission, 2xx with it). docs/api-auth.md explains each choice.
import type { PermissionId } from './permissions';

/** The 403's text of the admin areas (issue 2). */
export const ADMIN_REQUIRED = 'Admin access required';

/** 'public': anyone (its calls are listed in PUBLIC_API_ROUTES); 'session': any logged-in account. */
export type AreaNeed = PermissionId | 'session' | 'public';

export interface AreaAccess {
  /** What reading needs (GET, HEAD). */
  read: AreaNeed;
  /** What changing needs (POST, PUT, PATCH, DELETE); the same as `read` when absent. */
  write?: AreaNeed;
  /** The 403's text where the area's contract already named its own (issue 2, issue 11). */
  refusal?: string;
}

/** Keyed by the area's mount path under /api. */
export const AREA_PERMISSIONS = {
  health: { read: 'public' },
  // Login, logout, status, device check and pairing: the way in cannot need a permission.
  auth: { read: 'session' },
  // The registration dialog: every account names itself.
  users: { read: 'session' },
  admin: { read: 'user_management', refusal: ADMIN_REQUIRED },
  chat: { read: 'chat' },
  companion: { read: 'chat' },
  conversations: { read: 'chat' },
  images: { read: 'chat' },
  reminders: { read: 'chat' },
  notifications: { read: 'chat' },
  // The chat sidebar shows which provider answers: part of the chat screen.
  'fallback-system': { read: 'chat' },
  // Kiri's mood strip, activity, affection and reflection are read by the chat screen itself (000 §7); a
  // user with only `chat` must have a whole chat screen.
  kiri: { read: 'chat' },
  'kiri-state': { read: 'chat' },
  manja: { read: 'chat' },
  mirror: { read: 'chat' },
  // The stream is read with 'consciousness'; Update Now makes the server collect (and fetch configured
  // feeds) at once: system control. Its settings are the admin's (routes/consciousness.ts).
  consciousness: { read: 'consciousness', write: 'system_control' },
  'memory-lattice': { read: 'memory_threading' },
  memories: { read: 'memory_threading' },
  backup: { read: 'memory_threading' },
  'soul-awakening-status': { read: 'memory_threading' },
  dreams: { read: 'memory_threading' },
  // Reading Kiri's personality is part of the chat; changing it changes her for everyone.
  personality: { read: 'chat', write: 'system_control' },
  // The maintenance monitor reads the viewer's own conversation; its overrides are for the administrator
  // (000 §6), who is told 'Access Restricted' as issue 11 answered it.
  devcore: { read: 'chat', write: 'system_control', refusal: 'Access Restricted' },
  'sleep-mode': { read: 'system_control' },
  // The error-test page's real failures on demand (docs/screen-settings.md): a tool of whoever runs the
  // system, refused as the admin area is.
  'error-test': { read: 'system_control', refusal: ADMIN_REQUIRED },
  // Each account's own settings sidebar; who may reorder it is a rank (engineer and up, spec 000 §6), not a
  // permission, and routes/sidebar-layout.ts checks it.
  'sidebar-layout': { read: 'session' },
  // WhisperBridge Lite keeps the GPT and Gemini voices in tone: reading its pairs is part of the mirror
  // tools (mirror_bridge); adding pairs, the mirror prompt (a POST) and its settings change how Kiri speaks
  // to everyone, which is system control, as saving her personality is (docs/whisperbridge.md).
  'whisperbridge-lite': { read: 'mirror_bridge', write: 'system_control' },
  // The mirror bridge reads the server's disk, writes imported history into the owner's conversation and
  // commits to a repository; its logs show the owner's messages. `mirror_bridge` is held by every new
  // user while restriction mode is off, so it cannot make this admin-only: system_control does.
  'mirror-bridge': { read: 'system_control' },
  // The self-modification panel (docs/self-mod.md): it writes files into DATA_DIR, changes the greeting
  // Kiri opens every day with and reads the server's log: the operator's tools (spec 001 §6), admin only.
  'self-mod': { read: 'system_control', refusal: ADMIN_REQUIRED },
  // The system features page (spec 001 §7, docs/system-features.md): the system tree is the map of the
  // presence systems; the console's status is the machine's read-only state (its actions, issue 17, change
  // things for everyone); the mirror sync is the mirror bridge's. The console's own calls (files, upload,
  // process-with-hydra: routes/manual-console.ts) are admin only on top (requireAdmin), as 002 §6 says.
  'presence-system-tree': { read: 'presence_engine' },
  'manual-console': { read: 'infrastructure', write: 'system_control' },
  'mirror-sync': { read: 'mirror_bridge' },
  // The console's unified memory panel (docs/memory-sync.md): the owner's memories, read and written from
  // the admin-only console (002 §6). memory_threading may be granted to any user, so system_control.
  'memory-sync': { read: 'system_control' },
  // The manual console's code runs, engine status, rollback and autonomous tasks (docs/sandbox.md): the
  // console is admin only (spec 002 §6), and running code on the server is the most powerful thing in the
  // app: system_control, the admin group's permission, for reading too, refused as the admin area is.
  'presence-execution': { read: 'system_control', refusal: ADMIN_REQUIRED },
  // The hybrid protocol dashboard (spec 001 §2): Kiri's mind on display, the 'consciousness' feature; its
  // settings (encryption at rest, development rate, emotional depth) are the administrator's.
  'hybrid-protocol-status': { read: 'consciousness' },
  'advanced-capabilities-status': { read: 'consciousness' },
  'hybrid-protocol-config': { read: 'system_control', refusal: ADMIN_REQUIRED },
  // The core systems dashboard (docs/core-systems.md): each module reads with the permission of the
  // subsystem it shows; its two actions run maintenance or write a memory, for system control.
  'hybrid-core': { read: 'chat' },
  'self-evolve': { read: 'chat', write: 'system_control' },
  emergence: { read: 'consciousness', write: 'system_control' },
  'mirror-interface': { read: 'chat' },
  'emotion-sync': { read: 'chat' },
  'presence-compass': { read: 'chat' },
  'whisper-bubble': { read: 'chat' },
  'memory-shard': { read: 'memory_threading' },
  'hush-agent': { read: 'system_control' },
  'soul-frame': { read: 'chat' },
  'hush-config': { read: 'system_control' },
  // Also the mood engine monitor's state, tick and set-mood (routes/presence.ts, docs/presence-mood.md):
  // reading and changing Kiri's mood engine is the presence_engine feature itself.
  presence: { read: 'presence_engine' },
  'dream-trigger': { read: 'memory_threading' },
  imagination: { read: 'memory_threading' },
  lumora: { read: 'chat' },
  // The admin system control panel (spec 001 §2, §6: admin-only, docs/system-control.md): the task runner
  // and the version guard are the panel's, so they are refused as the admin area is; its execute call is
  // under /api/admin and also checks system_control (routes/admin-system-mod.ts).
  hydra: { read: 'system_control', refusal: ADMIN_REQUIRED },
  // The presence hub's console (spec 002 §6: admin only, 'Access Restricted'; docs/presence-hub.md): its
  // register, events and alarms are the operator's. system_control is the admin group's permission, held
  // by owners and admins and never given to a new user.
  'presence-hub': { read: 'system_control', refusal: 'Access Restricted' },
  'version-guard': { read: 'system_control', refusal: ADMIN_REQUIRED },
  // Sync control (docs/sync-control.md): the weekly deep sync consolidates every account's memories,
  // snapshots DATA_DIR and prunes sessions; operator tooling, as sleep mode is: system_control.
  'weekly-sync': { read: 'system_control' },
  'bloom-sync': { read: 'system_control' },
  // ScanBot (docs/scanbot.md): operator tooling that writes files into DATA_DIR/scanbot on its own: the
  // admin group's system_control, for reading too, refused as the admin area is.
  scanbot: { read: 'system_control', refusal: ADMIN_REQUIRED },
  // The memory dashboard (docs/memory-dashboard.md): the viewer's own memories, read and added to by hand,
  // as the chat's memory panel does: memory_threading. GET /compiled-memory.md, outside /api, checks the
  // same permission in its route (routes/memory.ts).
  memory: { read: 'memory_threading' },
  // The System Health and Performance settings pages (docs/settings-health.md): uptime, memory, store
  // sizes, the last snapshot and request timings are the machine's read-only state, as the manual
  // console's status is: infrastructure (engineers hold it too).
  'system-health': { read: 'infrastructure' },
  // The server's recent errors on the Error Logs page: their messages may name what failed inside the
  // server, so they are the administrator's (system_control), refused as the admin area is.
  'server-errors': { read: 'system_control', refusal: ADMIN_REQUIRED },
  // The Analytics and Monitoring pages (docs/analytics.md): counts and timings of the viewer's own
  // conversation and of the pushes to their own devices, as the maintenance monitor reads it: chat.
  analytics: { read: 'chat' },
  // Build history (docs/build-history.md): the spec shows the build pages with no access check of their
  // own (002 §6), and Kiri's release history hides nothing, so any session reads it; adding, changing
  // and removing a build is the administrator's record keeping: system_control, refused as admin.
  'build-rundown': { read: 'session', write: 'system_control', refusal: ADMIN_REQUIRED },
  // The generosity page (docs/generosity.md): statistics of the viewer's own conversation, read-only, as
  // the chat is.
  generosity: { read: 'chat' },
  // The infrastructure page (docs/infrastructure.md): the machine's read-only status (push keys,
  // providers, backups, feeds, encryption), the admin group's 'infrastructure' (engineers hold it too).
  infrastructure: { read: 'infrastructure' },
} as const satisfies Record<string, AreaAccess>;

export type AreaName = keyof typeof AREA_PERMISSIONS;
export const AREA_NAMES = Object.keys(AREA_PERMISSIONS) as AreaName[];

/** The area a request path falls in (`/api/<area>` or below), or null. */
export function areaOf(path: string): AreaName | null {
  const match = /^\/api\/([^/]+)/.exec(path);
  const name = match?.[1];
  return name !== undefined && Object.hasOwn(AREA_PERMISSIONS, name) ? (name as AreaName) : null;
}

function isRead(method: string): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
}

/** What a call needs: the area's read or write need, or null for a path in no area (a 404 follows). */
export function needOf(method: string, path: string): AreaNeed | null {
  const area = areaOf(path);
  if (area === null) return null;
  const access: AreaAccess = AREA_PERMISSIONS[area];
  return isRead(method) ? access.read : (access.write ?? access.read);
}

/**
 * The permission a screen needs to read the call at `path`, or null when reading needs none beyond the
 * login (or the path is in no area: the server answers that call as it will).
 */
export function readPermissionOf(path: string): PermissionId | null {
  const need = needOf('GET', new URL(path, 'http://device.invalid').pathname);
  return need === null || need === 'public' || need === 'session' ? null : need;
}
