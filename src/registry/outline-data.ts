/** The build's outline module (scripts/resource-outline.ts), with its types. */
import * as data from 'virtual:resource-outline';
import type { ResourceDeclaration } from '../../resources/types';
import type { ResourceOutline } from './outline';

/** Every declaration's outline, in menu order. */
export const outlines = data.outlines as ResourceOutline[];
/** Per declaration name, a loader of its full declaration (a chunk of its own). */
export const loaders = data.loaders as Record<string, () => Promise<ResourceDeclaration>>;
