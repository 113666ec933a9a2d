/**
 * Metrics: order counts wait for their unit of work (applied when it commits, dropped when it rolls
 * back, nowhere outside one); METRICS_TOKEN is refused at start when it could be guessed.
 */
import { describe, expect, it } from 'vitest';
import { configProblems, readConfig } from '../../server/config';
import { createAppMetrics, type AppMetrics } from '../../server/metrics/registry';
import { countOrder, inUnit, newUnit, settleUnit } from '../../server/metrics/scope';

const created = async (metrics: AppMetrics) => (await metrics.orders.get()).values.find((v) => v.labels.event === 'created' && v.labels.product === '1034')?.value ?? 0;

describe('order counts of a unit of work', () => {
  it('apply when the unit commits, not before', async () => {
    const metrics = createAppMetrics();
    await inUnit(newUnit(metrics), async () => {
      countOrder('created', 1034);
      await Promise.resolve();
      countOrder('created', 1034);
      expect(await created(metrics)).toBe(0);
      settleUnit(true);
    });
    expect(await created(metrics)).toBe(2);
  });

  it('are dropped when it rolls back; work left running after it ended counts at once', async () => {
    const metrics = createAppMetrics();
    const unit = newUnit(metrics);
    inUnit(unit, () => countOrder('created', 1034));
    settleUnit(false, unit);
    expect(await created(metrics)).toBe(0);
    inUnit(unit, () => countOrder('created', 1034));
    expect(await created(metrics)).toBe(1);
  });

  it('count nowhere outside a unit, and each app only its own', async () => {
    const [one, two] = [createAppMetrics(), createAppMetrics()];
    countOrder('created', 1034);
    inUnit(newUnit(one), () => {
      countOrder('created', 1034);
      settleUnit(true);
    });
    expect([await created(one), await created(two)]).toEqual([1, 0]);
  });
});

describe('METRICS_TOKEN', () => {
  it('keeps /metrics closed when unset, and refuses to start with a short or spaced token', () => {
    expect(readConfig({}).metricsToken).toBeUndefined();
    expect(readConfig({ METRICS_TOKEN: '  ' }).metricsToken).toBeUndefined();
    for (const token of ['short', 'sixteen chars ok']) {
      const env = { METRICS_TOKEN: token };
      expect(configProblems(readConfig(env), env).filter((p) => p.startsWith('METRICS_TOKEN')), token).toHaveLength(1);
    }
    const env = { METRICS_TOKEN: 'a'.repeat(16) };
    expect(configProblems(readConfig(env), env)).toEqual([]);
  });
});
