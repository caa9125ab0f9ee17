// The manual console's autonomous tasks (spec 002 §7, docs/sandbox.md): each runs the real service and
// answers what it really did, in one sentence built from that service's own report.
import type { ConsolidationReport } from '../memory/consolidation';
import type { ScanReport } from '../devcore/devcore-store';
import type { RunReport } from '../consciousness/consciousness-store';
import type { TaskRunners } from './presence-execution-service';

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Rule: maintenanceText. 'Scanned 12 files, 0 problems', naming the files with a problem. */
export function maintenanceText(report: Pick<ScanReport, 'files'>): string {
  const problems = report.files.filter((file) => !file.ok);
  const head = `Scanned ${count(report.files.length, 'file', 'files')}, ${count(problems.length, 'problem', 'problems')}`;
  return problems.length === 0 ? head : `${head}: ${problems.map((file) => file.file).join(', ')}`;
}

/** Rule: learningText. 'Consolidated 8 memories: merged 1 near-duplicate, faded 2 never recalled'. */
export function learningText(report: ConsolidationReport): string {
  return `Consolidated ${count(report.examined, 'memory', 'memories')}: merged ${count(report.merged.length, 'near-duplicate', 'near-duplicates')}, faded ${report.decayed.length} never recalled`;
}

/**
 * Rule: consciousnessText. 'Collection cycle: 2 new entries from 6 sources (sentiment, cosmic)', the
 * sources that added something named; none added: why the first few did not.
 */
export function consciousnessText(report: Pick<RunReport, 'added' | 'sources'>): string {
  const head = `Collection cycle: ${count(report.added, 'new entry', 'new entries')} from ${count(report.sources.length, 'source', 'sources')}`;
  const adding = report.sources.filter((source) => source.added > 0).map((source) => source.id);
  if (adding.length > 0) return `${head} (${adding.join(', ')})`;
  const reasons = report.sources
    .filter((source) => source.reason)
    .slice(0, 3)
    .map((source) => `${source.id}: ${source.reason}`);
  return reasons.length > 0 ? `${head} (${reasons.join('; ')})` : head;
}

export interface TaskServices {
  scan: () => Promise<Pick<ScanReport, 'files'>>;
  consolidate: (account: string) => Promise<ConsolidationReport>;
  collect: () => Promise<Pick<RunReport, 'added' | 'sources'>>;
}

export function taskRunners(services: TaskServices): TaskRunners {
  return {
    maintenance: async () => maintenanceText(await services.scan()),
    learning: async (account) => learningText(await services.consolidate(account)),
    consciousness: async () => consciousnessText(await services.collect()),
  };
}
