/** The row actions of collection orders (filled by the order actions). */
import type { RowAction } from '../types';

export const orderActions: RowAction[] = [];
