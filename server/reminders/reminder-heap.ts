// Pending reminders ordered by due time: a binary min-heap, so a tick looks at the earliest one only and
// a firing costs log n, however many reminders wait. Cancelled ones stay until they reach the top
// (lazy removal: the store says whether an entry is still pending).

export interface HeapItem {
  dueAt: number;
  account: string;
  id: string;
}

export class ReminderHeap {
  private readonly items: HeapItem[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): HeapItem | undefined {
    return this.items[0];
  }

  push(item: HeapItem): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent]!.dueAt <= item.dueAt) break;
      items[i] = items[parent]!;
      i = parent;
    }
    items[i] = item;
  }

  pop(): HeapItem | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || !last) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child = right < items.length && items[right]!.dueAt < items[left]!.dueAt ? right : left;
      if (items[child]!.dueAt >= last.dueAt) break;
      items[i] = items[child]!;
      i = child;
    }
    items[i] = last;
    return top;
  }
}
