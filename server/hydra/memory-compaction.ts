// compact-memory's rule (docs/system-control.md): the lattice has no consolidation of its own (it forgets
// the least valuable node past its cap, memories.ts), so the task merges exact duplicates: nodes of one
// account with the same content, kind, source and privacy. The oldest stays (its seal is unchanged:
// sealOf covers only what never changes); it takes the others' accesses, the highest importance, the
// latest access time and their links, and every link to a merged node points to the one kept.
import { MAX_LINKS_PER_NODE } from '../memory/lattice-rules';
import type { MemoryFile, MemoryNode } from '../store/memory-store';

function duplicateKey(node: MemoryNode): string {
  return JSON.stringify([node.content.trim(), node.contextType, node.source, node.ownerOnly]);
}

/** Rule: exactDuplicateCount. How many nodes a merge would remove (0: nothing to do). */
export function exactDuplicateCount(data: MemoryFile): number {
  let count = 0;
  for (const { nodes } of Object.values(data.accounts)) {
    const seen = new Set<string>();
    for (const node of nodes) {
      const key = duplicateKey(node);
      if (seen.has(key)) count += 1;
      else seen.add(key);
    }
  }
  return count;
}

/** Rule: mergeExactDuplicates. Merges in place; answers how many nodes were removed. */
export function mergeExactDuplicates(data: MemoryFile): number {
  let removed = 0;
  for (const account of Object.values(data.accounts)) {
    const keptBy = new Map<string, MemoryNode>();
    const replacedBy = new Map<string, string>();
    const oldestFirst = [...account.nodes].sort(
      (a, b) => a.timestamp - b.timestamp || (a.id < b.id ? -1 : 1),
    );
    for (const node of oldestFirst) {
      const key = duplicateKey(node);
      const kept = keptBy.get(key);
      if (!kept) {
        keptBy.set(key, node);
        continue;
      }
      kept.accessCount += node.accessCount;
      kept.importance = Math.max(kept.importance, node.importance);
      const last = Math.max(kept.lastAccessedAt ?? 0, node.lastAccessedAt ?? 0);
      if (last > 0) kept.lastAccessedAt = last;
      kept.linkedNodes = [...kept.linkedNodes, ...node.linkedNodes];
      replacedBy.set(node.id, kept.id);
    }
    if (replacedBy.size === 0) continue;
    account.nodes = account.nodes.filter((node) => !replacedBy.has(node.id));
    for (const node of account.nodes) {
      const links = node.linkedNodes
        .map((id) => replacedBy.get(id) ?? id)
        .filter((id) => id !== node.id);
      node.linkedNodes = [...new Set(links)].slice(0, MAX_LINKS_PER_NODE);
    }
    removed += replacedBy.size;
  }
  return removed;
}
