/** The inputs loaded as parts of their own (./lazyPart.ts), each about the size its file says. */
import { lazyPart } from '../../common/lazy/lazyPart';
import type { DateInputProps } from './DateInput';
import type { NumberInputProps } from './NumberInput';

export const datePickers = lazyPart<DateInputProps>(() => import('./DateInput'));
export const numberInput = lazyPart<NumberInputProps>(() => import('./NumberInput'));
