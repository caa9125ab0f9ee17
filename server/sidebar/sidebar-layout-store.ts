// sidebar-layout.json: each user's order of the settings sidebar's Integration group (spec 000 §4, §7),
// keyed by user id. Written only when someone saves or resets their layout, so the file is rewritten
// whole (no journal); a user with no entry has the default order.
import { z } from 'zod';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from '../store/json-file-store';

export const SIDEBAR_LAYOUT_FILE_VERSION = 1;

export const savedLayoutSchema = z.object({
  /** Integration item ids (src/domain/settings-items.ts), in the user's order. */
  order: z.array(z.string()),
  /** ms since the epoch of the save. */
  savedAt: z.number().int().nonnegative(),
});

export const sidebarLayoutFileSchema = z.object({
  version: z.literal(SIDEBAR_LAYOUT_FILE_VERSION),
  layouts: z.record(z.string(), savedLayoutSchema),
});

export type SavedLayout = z.infer<typeof savedLayoutSchema>;
export type SidebarLayoutFile = z.infer<typeof sidebarLayoutFileSchema>;
export type SidebarLayoutStore = JsonFileStore<SidebarLayoutFile>;

export const SIDEBAR_LAYOUT_MIGRATIONS: Record<number, Migration> = {};

export const sidebarLayoutStoreDefinition: StoreDefinition<SidebarLayoutFile> = {
  fileName: 'sidebar-layout.json',
  currentVersion: SIDEBAR_LAYOUT_FILE_VERSION,
  schema: sidebarLayoutFileSchema,
  defaults: () => ({ version: SIDEBAR_LAYOUT_FILE_VERSION, layouts: {} }),
  migrations: SIDEBAR_LAYOUT_MIGRATIONS,
};

export function openSidebarLayoutStore(dataDir: string): Promise<SidebarLayoutStore> {
  return openJsonFileStore(dataDir, sidebarLayoutStoreDefinition);
}
