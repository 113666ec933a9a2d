/** The part of rc-tree that ./tree-selection.ts loads on demand. */
export { conductCheck } from 'rc-tree/es/utils/conductUtil';
export { convertDataToEntities } from 'rc-tree/es/utils/treeUtil';
