// The core systems page's rules as plain functions: which modules go in which group, how an answer
// becomes a card's rows (every field the server gave, the spec's named ones first), and what a failed
// card says. No React here.
import { CORE_GROUPS, CORE_MODULES, type CoreGroup, type CoreModule } from '@/domain/core-systems';

export const CORE_TEXT = {
  title: 'Core Systems',
  demoBadge: 'Demo',
  subtitle: 'The live status of each of Kiri\u2019s systems, read from the system itself.',
  back: 'Back to Chat',
  testAll: 'Test All Core Systems',
  testing: 'Testing\u2026',
  beforeTest: 'Press \u2018Test All Core Systems\u2019 to read every module now.',
  loading: 'Reading\u2026',
  testPulse: 'Test Pulse',
  initiateEmergence: 'Initiate Emergence',
  failed: 'Not available',
  lastKnown: 'Last known value: it could not be read again',
  demoExplanation:
    'This is the demo of the Core Systems dashboard: the same modules, each with a note on which real part of Kiri it reads. Nothing here is made up: a module that has nothing yet says so. The two actions (Test Pulse and Initiate Emergence) run on the dashboard itself, at /core-systems.',
  openDashboard: 'Open the dashboard',
  summary: (ok: number, failed: number, total: number, refused = 0) =>
    `${ok} of ${total} modules answered${failed > 0 ? `, ${failed} failed` : ''}${
      refused > 0 ? `, ${refused} not open to this account` : ''
    }`,
  /** A card whose call needs a permission the account lacks: not asked, and not a failure. */
  needsPermission: (permission: string) =>
    `Needs the ${permission.replace(/_/g, ' ')} permission, which this account does not hold.`,
} as const;

/** The actions on two of the cards (spec 001 §2): which module, its call and its button. */
export const CORE_ACTIONS: Readonly<Record<string, { path: string; label: string }>> = {
  selfEvolve: { path: '/api/self-evolve/test-pulse', label: CORE_TEXT.testPulse },
  emergence: { path: '/api/emergence/initiate', label: CORE_TEXT.initiateEmergence },
};

/** The fields spec 001 §2 names for a module, shown first and in bold. */
export const HEADLINE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  hybrid: ['activeNode', 'availableNodes', 'totalNodes'],
  selfEvolve: ['status', 'healthScore', 'evolutionCycles'],
  emergence: ['coreIdentity.mode', 'consciousnessLevel', 'currentStage', 'totalStages'],
};

/** Rule 'modules by group': the three groups in the spec's order, each with its modules. */
export function modulesByGroup(
  modules: readonly CoreModule[] = CORE_MODULES,
): { id: CoreGroup; title: string; modules: CoreModule[] }[] {
  return CORE_GROUPS.map((group) => ({
    ...group,
    modules: modules.filter((module) => module.group === group.id),
  }));
}

export interface CardRow {
  /** The field's path in the answer, e.g. 'coreIdentity.mode'. */
  key: string;
  label: string;
  value: string;
  headline: boolean;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
/** Fields that are a share from 0 to 1, shown as a percentage. */
const SHARE_FIELDS = new Set(['consciousnessLevel', 'share']);

/** Rule 'field label': camelCase as words, the first capitalised ('availableNodes' → 'Available nodes'). */
export function labelOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function formatTime(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));
}

function itemText(item: unknown): string {
  if (item === null || typeof item !== 'object') return String(item);
  const record = item as Record<string, unknown>;
  if (typeof record.name === 'string' && 'configured' in record) {
    const state = record.available ? 'available' : record.configured ? 'failing' : 'not configured';
    return `${record.name} (${state})`;
  }
  const named = record.term ?? record.name ?? record.id;
  if (typeof named === 'string') return named;
  return JSON.stringify(item);
}

/**
 * Rule 'field value': null is 'none' (the server has nothing: nothing is made up), booleans yes or no,
 * a share as a percentage, an ISO time in the reader's time, a list joined (or 'none' when empty).
 */
export function valueOf(key: string, value: unknown, timeZone?: string): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    return SHARE_FIELDS.has(key) ? `${Math.round(value * 100)}%` : String(value);
  }
  if (typeof value === 'string') return ISO_TIME.test(value) ? formatTime(value, timeZone) : value;
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(itemText).join(', ');
  return JSON.stringify(value);
}

/**
 * Rule 'card rows': every field of the answer; an object of plain values is opened one level
 * ('Core identity · mode'); the spec's named fields first.
 */
export function cardRowsOf(moduleId: string, answer: unknown, timeZone?: string): CardRow[] {
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) return [];
  const headline = HEADLINE_FIELDS[moduleId] ?? [];
  const rows: CardRow[] = [];
  for (const [key, value] of Object.entries(answer as Record<string, unknown>)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.length === 0) {
        rows.push({ key, label: labelOf(key), value: 'none', headline: false });
        continue;
      }
      for (const [inner, innerValue] of entries) {
        const path = `${key}.${inner}`;
        rows.push({
          key: path,
          label: `${labelOf(key)} \u00b7 ${labelOf(inner).toLowerCase()}`,
          value: valueOf(inner, innerValue, timeZone),
          headline: headline.includes(path),
        });
      }
    } else {
      rows.push({
        key,
        label: labelOf(key),
        value: valueOf(key, value, timeZone),
        headline: headline.includes(key),
      });
    }
  }
  const rank = (row: CardRow) => (row.headline ? headline.indexOf(row.key) : headline.length);
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => rank(a.row) - rank(b.row) || a.index - b.index)
    .map(({ row }) => row);
}

/** What a failed card says: the answer's status and the server's message, or the network's. */
export function failureTextOf(error: unknown): string {
  if (error && typeof error === 'object' && 'status' in error && 'bodyText' in error) {
    const { status, statusText, bodyText } = error as {
      status: number;
      statusText?: string;
      bodyText: string;
    };
    let message = bodyText || statusText || '';
    try {
      const body = JSON.parse(bodyText) as { message?: unknown; error?: unknown };
      if (typeof body.message === 'string') message = body.message;
      else if (typeof body.error === 'string') message = body.error;
    } catch {
      // Not JSON (a proxy's page): its text as it came.
    }
    return `${status}: ${message}`;
  }
  return error instanceof Error ? error.message : String(error);
}
