// Spec 000 §2.6: the search filters on label, description or group title and shows a result count or
// 'No results found'.
import { describe, expect, it } from 'vitest';
import { visibleGroups } from '../../../../src/features/settings-nav/model/groups';
import {
  filterGroups,
  NO_RESULTS,
  resultCount,
  resultText,
  SEARCH_PLACEHOLDER,
} from '../../../../src/features/settings-nav/model/search';
import { integrationItemsFor } from '../../../../src/domain/settings-items';

const OWNER = { role: 'owner' as const, isOwnerDevice: true };
const groups = visibleGroups(OWNER, integrationItemsFor('owner'));
const labels = (query: string) =>
  filterGroups(groups, query).flatMap((group) => group.items.map((item) => item.label));

describe('settings search filters on label, description or group title', () => {
  it("has the placeholder 'Search settings...'", () => {
    expect(SEARCH_PLACEHOLDER).toBe('Search settings...');
  });

  it('finds by label, whatever the case', () => {
    expect(labels('screen')).toEqual(['Screen Settings']);
  });

  it('finds by description', () => {
    expect(labels('font size')).toEqual(['Screen Settings']);
  });

  it("finds every item of a group by the group's title", () => {
    expect(labels('integration')).toEqual([
      'Hydra Tasks',
      'Memory Logs',
      'Self-Modification',
      'Monitoring',
      'Analytics',
    ]);
  });

  it('shows everything while the box is empty or blank', () => {
    expect(filterGroups(groups, '   ')).toEqual(groups);
  });
});

describe('a result count or No results found', () => {
  it('counts the items found', () => {
    expect(resultText('screen', resultCount(filterGroups(groups, 'screen')))).toBe('1 result');
    expect(resultText('memory', resultCount(filterGroups(groups, 'memory')))).toMatch(
      /^[2-9] results$/,
    );
  });

  it("says 'No results found' when nothing matches", () => {
    const found = filterGroups(groups, 'xyzzy-nonsense');
    expect(found).toEqual([]);
    expect(resultText('xyzzy-nonsense', resultCount(found))).toBe(NO_RESULTS);
    expect(NO_RESULTS).toBe('No results found');
  });

  it('says nothing while nothing is typed', () => {
    expect(resultText('', 0)).toBeNull();
  });
});
