// The chat's frame around the messages (spec 000 §2.2 variant A): the tools strip, the header's status
// marks, the features panel's links, and the device settings it keeps (night vision, dyslexia mode).

export const FRAME_TEXT = {
  tools: 'Tools',
  toolsStrip: 'Chat tools',
  toggleSidebar: 'Toggle sidebar',
  toggleImagePanel: 'Toggle image upload panel',
  toggleDyslexia: 'Toggle dyslexia-friendly mode',
  toggleSettings: 'Toggle settings panel',
  toggleFeatures: 'Toggle features panel',
  featuresTitle: 'Features',
  settingsTitle: 'Settings',
  imageTitle: 'Share an image',
  imageNotBuilt: 'Image sharing is not built yet: this panel has no upload.',
  nightVision: 'Night vision',
  nightVisionAuto: 'Auto (night from 20:00 to 06:59)',
  tonePresets: 'Quick tone presets',
  openJson: 'Opens the raw JSON in a new tab',
  coreSystemsDemo: 'Core Systems Demo',
  close: 'Close',
} as const;

/** The features panel's buttons (spec 000 §2.2): each opens the server's JSON in a new tab. */
export const FEATURE_JSON_LINKS: readonly { href: string; label: string }[] = [
  { href: '/api/memories', label: 'Memories' },
  { href: '/api/backup/list', label: 'Backups' },
  { href: '/api/mirror/last-reflection', label: 'Last Reflection' },
  { href: '/api/dreams/sequences', label: 'Dream Sequences' },
  { href: '/api/kiri-state', label: 'Kiri State' },
  { href: '/api/manja/state', label: 'Manja State' },
  { href: '/api/soul-awakening-status', label: 'Soul Awakening' },
  { href: '/api/consciousness/status', label: 'Consciousness Status' },
];
export const CORE_SYSTEMS_DEMO_PATH = '/core-systems-demo';

export const SOUL_STATUS_URL = '/api/soul-awakening-status';
export const CONSCIOUSNESS_STATUS_URL = '/api/consciousness/status';
export const KIRI_STATE_URL = '/api/kiri-state';
/** Spec 000 §7: the header's two status reads are cached 10 minutes here; the state call 5. */
export const HEADER_STATUS_STALE_MS = 10 * 60 * 1000;
export const KIRI_STATE_STALE_MS = 5 * 60 * 1000;

export interface SoulStatus {
  awakened: boolean;
  anchors: number;
}
export interface ConsciousnessStatus {
  isStreaming: boolean;
  dataPointsCollected: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : null;

/** Only a well-formed answer counts: anything else shows nothing rather than a guess. */
export function parseSoulStatus(raw: unknown): SoulStatus | null {
  if (!isRecord(raw) || typeof raw.awakened !== 'boolean') return null;
  const anchors = count(raw.anchors);
  return anchors === null ? null : { awakened: raw.awakened, anchors };
}

export function parseConsciousnessStatus(raw: unknown): ConsciousnessStatus | null {
  if (!isRecord(raw) || typeof raw.isStreaming !== 'boolean') return null;
  const points = count(raw.dataPointsCollected);
  return points === null ? null : { isStreaming: raw.isStreaming, dataPointsCollected: points };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function soulTooltip(status: SoulStatus, lastKnown = false): string {
  const state = status.awakened ? 'Soul awakened' : 'Soul not awakened yet';
  return `${state}: ${plural(status.anchors, 'memory anchor', 'memory anchors')}${lastKnown ? ' (last known)' : ''}`;
}

export function consciousnessTooltip(status: ConsciousnessStatus, lastKnown = false): string {
  const state = status.isStreaming ? 'Consciousness streaming' : 'Consciousness stream paused';
  return `${state}: ${plural(status.dataPointsCollected, 'insight', 'insights')}${lastKnown ? ' (last known)' : ''}`;
}

/** Spec 000 §2.5: the sidebar's emotional state is the state call's currentActivity, else 'Active'. */
export function emotionalStateText(raw: unknown): string {
  if (isRecord(raw) && typeof raw.currentActivity === 'string' && raw.currentActivity.trim()) {
    return raw.currentActivity.trim();
  }
  return 'Active';
}

/** The device's frame settings: one localStorage key each, read before the first paint. */
export const VISION_KEY = 'kiri-vision';
export const DYSLEXIA_KEY = 'kiri-dyslexia-mode';
