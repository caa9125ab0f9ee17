// Moving items in reorder mode (spec 000 §4: 'dragging moves an item'), by pointer or by the up and down
// buttons, as plain functions over the list of ids.

/** The list with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1) as [T];
  next.splice(target, 0, item);
  return next;
}

/**
 * Where a dragged item belongs for a pointer at `y`: before the first other item whose middle lies
 * below the pointer. `middles` are the vertical middles of the rows as laid out, the dragged one included.
 */
export function dropIndex(y: number, middles: readonly number[], draggedIndex: number): number {
  let index = 0;
  for (let i = 0; i < middles.length; i++) {
    if (i === draggedIndex) continue;
    if (y > middles[i]!) index++;
  }
  return index;
}

export function sameOrder(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
