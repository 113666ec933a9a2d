/** The statistics declarations agree with the permissions file, and the time format setting reads as a bucket and a label. */
import { describe, expect, it } from 'vitest';
import { SCREENS } from '../../providers/abilities';
import { placesOf } from '../../providers/ability-engine';
import { declarations } from '../../resources/index';
import { STATISTICS_SCREENS, STATISTICS_SUBJECTS, statisticsScreenOf, statisticsSubjectsOf } from '../../resources/statistics';
import { groupingOf, statisticsQuery } from '../../resources/statistics/query';
import { timeFormatOf } from '../../server/statistics/time-format';

describe('statistics screens', () => {
  it('every screen and variant has its rule, sits at its path in the statistics group, and nothing more', () => {
    const places = placesOf(declarations);
    for (const subject of STATISTICS_SUBJECTS) {
      const screen = statisticsScreenOf(subject)!;
      expect(SCREENS.find((s) => s.subject === subject), subject).toMatchObject({ actions: ['list'] });
      expect(places.get(subject), subject).toEqual({ group: 'group.statistics', path: subject.endsWith('-customerService') ? `${screen.path}/customerService` : screen.path });
    }
    expect([...places].filter(([, p]) => p.group === 'group.statistics').map(([subject]) => subject).sort()).toEqual([...STATISTICS_SUBJECTS].sort());
  });

  it('splits the subjects by order type', () => {
    expect(statisticsSubjectsOf(1)).toContain('orderStatistics-customerService');
    expect(statisticsSubjectsOf(1)).not.toContain('payoutStatistics');
    expect(statisticsSubjectsOf(2)).toHaveLength(STATISTICS_SCREENS.filter((s) => s.orderType === 2).length + 2);
  });

  it('reads the split asked for: groupBy, else groupByMerchant, else the trend', () => {
    const parse = (query: Record<string, string>) => groupingOf(statisticsQuery.parse(query));
    expect(parse({})).toBe('time');
    expect(parse({ groupByMerchant: 'true' })).toBe('merchant');
    expect(parse({ groupByMerchant: 'true', groupBy: 'product' })).toBe('product');
    expect(statisticsQuery.safeParse({ orderType: '2' }).success).toBe(true);
    expect(statisticsQuery.safeParse({ orderType: '1e0' }).success).toBe(false);
    expect(statisticsQuery.safeParse({ endTime: '2024-02-29 24:00:00' }).success).toBe(false);
  });
});

describe('OrderStatisticsTimeFormat', () => {
  it('gives hours, days or months and a to_char label pattern; anything else falls back to days', () => {
    expect(timeFormatOf('YYYY-MM-DD')).toEqual({ unit: 'day', pattern: 'YYYY-MM-DD' });
    expect(timeFormatOf('YYYY-MM-DD HH:mm')).toEqual({ unit: 'hour', pattern: 'YYYY-MM-DD HH24:MI' });
    expect(timeFormatOf('YYYY/MM')).toEqual({ unit: 'month', pattern: 'YYYY/MM' });
    for (const bad of ['MM-DD', 'YYYY-MM-DD"x"', 'YYYY Q', '', null, 7]) expect(timeFormatOf(bad), String(bad)).toEqual({ unit: 'day', pattern: 'YYYY-MM-DD' });
  });
});
