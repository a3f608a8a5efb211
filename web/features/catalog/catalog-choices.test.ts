import { describe, expect, it } from 'vitest';
import type { CatalogGroup } from '../../api/catalog';
import { catalogGroup } from '../../test/project-answers';
import { catalogChoices, parentChoices, pathLabel } from './catalog-choices';

/** `catalog/catListGroup`: children in `sub`. */
const groups: CatalogGroup[] = [
  catalogGroup({
    cat_id: 100,
    cat_name: 'Guides',
    sub: [catalogGroup({ cat_id: 101, cat_name: 'Install', parent_cat_id: 100, level: 3, sub: [catalogGroup({ cat_id: 102, cat_name: 'Linux', parent_cat_id: 101, level: 4 })] })],
  }),
  catalogGroup({ cat_id: 200, cat_name: 'API' }),
];

describe('catalog choices', () => {
  it('flattens the tree parents first, with paths and depths counted from the nesting', () => {
    const choices = catalogChoices(groups);
    expect(choices.map((choice) => [choice.catId, pathLabel(choice), choice.depth, choice.ancestors])).toEqual([
      [100, 'Guides', 1, []],
      [101, 'Guides / Install', 2, [100]],
      [102, 'Guides / Install / Linux', 3, [100, 101]],
      [200, 'API', 1, []],
    ]);
  });

  it('a new catalog may go under the first two levels only', () => {
    expect(parentChoices(catalogChoices(groups), 1).map((choice) => choice.catId)).toEqual([100, 101, 200]);
  });

  it('a catalog with a sub-catalog may go under the top level only, never inside itself when moved', () => {
    expect(parentChoices(catalogChoices(groups), 2).map((choice) => choice.catId)).toEqual([100, 200]);
    expect(parentChoices(catalogChoices(groups), 2, 100).map((choice) => choice.catId)).toEqual([200]);
    expect(parentChoices(catalogChoices(groups), 1, 101).map((choice) => choice.catId)).toEqual([100, 200]);
    expect(parentChoices(catalogChoices(groups), 3)).toEqual([]);
  });

  it('survives a missing answer and a catalog listed twice', () => {
    expect(catalogChoices(undefined)).toEqual([]);
    const twice = catalogChoices([...groups, catalogGroup({ cat_id: 100, cat_name: 'Guides again' })]);
    expect(twice.filter((choice) => choice.catId === 100)).toHaveLength(1);
  });
});
