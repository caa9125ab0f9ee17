// The settings search (spec 000 §2.6): filters on an item's label, its description or its group's
// title, and says how many it found or 'No results found'.

export interface SearchableItem {
  label: string;
  description: string;
}

export interface SearchableGroup<I extends SearchableItem> {
  title: string;
  items: readonly I[];
}

export const SEARCH_PLACEHOLDER = 'Search settings...';
export const NO_RESULTS = 'No results found';

export function normalizeQuery(query: string): string {
  return query.trim().toLowerCase();
}

/** Groups with the items that match; a group whose title matches keeps all its items. */
export function filterGroups<I extends SearchableItem, G extends SearchableGroup<I>>(
  groups: readonly G[],
  query: string,
): G[] {
  const needle = normalizeQuery(query);
  if (needle === '') return [...groups];
  const result: G[] = [];
  for (const group of groups) {
    const items = group.title.toLowerCase().includes(needle)
      ? group.items
      : group.items.filter(
          (item) =>
            item.label.toLowerCase().includes(needle) ||
            item.description.toLowerCase().includes(needle),
        );
    if (items.length > 0) result.push({ ...group, items });
  }
  return result;
}

export function resultCount(groups: readonly SearchableGroup<SearchableItem>[]): number {
  return groups.reduce((sum, group) => sum + group.items.length, 0);
}

/** What the sidebar says under the search box; null while nothing is typed. */
export function resultText(query: string, count: number): string | null {
  if (normalizeQuery(query) === '') return null;
  if (count === 0) return NO_RESULTS;
  return count === 1 ? '1 result' : `${count} results`;
}
