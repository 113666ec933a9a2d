/** How statistics figures read: money grouped to the cent, counts grouped, rates as percentages. */
import { formatMinor } from '../../../providers/money';
import type { StatisticsFigures } from '../../../resources/statistics/query';

const MONEY_FIGURES = ['successAmount', 'merchantFee', 'supplierFee', 'platformIncome'] as const;
export const FIGURES: readonly (keyof StatisticsFigures)[] = ['created', 'succeeded', 'successRate', ...MONEY_FIGURES];

const COUNT = new Intl.NumberFormat('en-US');
export const formatCount = (n: number | null | undefined) => (n === null || n === undefined ? '-' : COUNT.format(n));
const formatPercent = (rate: number | null | undefined) => (rate === null || rate === undefined ? '-' : `${(rate * 100).toFixed(2)}%`);

/** Money figures name their currency beside them. */
export const isMoneyFigure = (name: keyof StatisticsFigures) => (MONEY_FIGURES as readonly string[]).includes(name);

export function formatFigure(name: keyof StatisticsFigures, value: number | null | undefined): string {
  if (name === 'successRate') return formatPercent(value);
  if (isMoneyFigure(name)) return value === null || value === undefined ? '-' : formatMinor(value);
  return formatCount(value);
}

/** The figure's label key: payouts say "completed" where orders say "succeeded". */
export const figureLabel = (name: keyof StatisticsFigures, orderType: number) => (orderType === 2 && (name === 'succeeded' || name === 'successAmount' || name === 'successRate') ? `statistics.payoutFigures.${name}` : `statistics.figures.${name}`);
