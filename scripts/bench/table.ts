/**
 * The bench's markdown table: one row per measure, PGlite and PostgreSQL side by side, each figure
 * next to its budget (issue item 4) marked ok or over, then the seed times and peak RSS.
 */
import type { Figure } from './measure.js';

export type Kind = 'pglite' | 'postgres';

export interface DatabaseResult {
  kind: Kind;
  /** Why this database was not measured (PostgreSQL not reachable). */
  skipped?: string;
  sizes?: { orders: number; payouts: number; merchants: number; suppliers: number; ledgerRows: number };
  seedSeconds?: number;
  /** Peak resident set size of the server process (MB): while seeding, and while answering the calls. */
  peakRssSeed?: number;
  peakRssServing?: number;
  figures: Figure[];
}

interface Budget {
  text: string;
  ok: boolean;
}

const isList = (f: Figure) => f.group.includes('/getList');

/** The budget of a figure on a database, or null when it has none there. */
function budgetOf(f: Figure, kind: Kind): Budget | null {
  // Under load (operator-load.ts): the operator's list, on either database; the creation rate there is asked, not a budget.
  if (f.group.startsWith('Operator under load')) return f.unit === 'ms' && f.name.includes(' while ') ? { text: 'p95 < 200 ms', ok: f.p95 < 200 } : null;
  if (isList(f)) {
    const limit = kind === 'pglite' ? 50 : 20;
    return { text: `p95 <= ${limit} ms`, ok: f.p95 <= limit };
  }
  if (kind === 'postgres' && f.name.startsWith('statisticsV2 90 days')) return { text: 'p95 <= 300 ms', ok: f.p95 <= 300 };
  if (kind === 'postgres' && f.unit === '/s') return { text: '>= 500/s', ok: f.median >= 500 };
  if (f.max !== undefined) return { text: `max ${ms(f.max)} <= 200 ms`, ok: f.max <= 200 };
  // Set for a fast machine (docs/benchmarks.md names the one measured).
  if (f.name === 'navigation to a usable login form') return { text: 'median <= 150 ms', ok: f.median <= 150 };
  return null;
}

const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

function cells(f: Figure | undefined, kind: Kind): string[] {
  if (!f) return ['-', '-', ''];
  const budget = budgetOf(f, kind);
  const median = f.unit === '/s' ? `${f.median.toFixed(0)}/s` : ms(f.median);
  return [median, ms(f.p95), budget ? `${budget.text}: **${budget.ok ? 'ok' : 'over'}**` : ''];
}

/** One note when both databases say the same, else each database's own. */
function noteOf(lite: Figure | undefined, pg: Figure | undefined): string {
  const [a, b] = [lite?.note, pg?.note];
  if (!a || !b || a === b) return a ?? b ?? '';
  return `PGlite: ${a}; PostgreSQL: ${b}`;
}

export function markdownTable(results: DatabaseResult[]): string {
  const [lite, pg] = (['pglite', 'postgres'] as const).map((k) => results.find((r) => r.kind === k) ?? { kind: k, figures: [], skipped: 'not run' });
  const rows = [...lite.figures, ...pg.figures.filter((f) => !lite.figures.some((l) => l.group === f.group && l.name === f.name))];
  const lines: string[] = [];
  let group = '';
  for (const f of rows) {
    if (f.group !== group) {
      group = f.group;
      lines.push('', `**${group}**`, '', '| measure | runs | PGlite median | PGlite p95 | PGlite budget | PostgreSQL median | PostgreSQL p95 | PostgreSQL budget | answered |', '|---|--:|--:|--:|---|--:|--:|---|---|');
    }
    const find = (r: DatabaseResult) => r.figures.find((x) => x.group === f.group && x.name === f.name);
    lines.push(`| ${f.name} | ${f.runs} | ${[...cells(find(lite), 'pglite'), ...cells(find(pg), 'postgres')].join(' | ')} | ${noteOf(find(lite), find(pg))} |`);
  }
  lines.push('', '| database | orders | payouts | merchants | suppliers | ledger rows | seed (s) | peak RSS seeding (MB) | peak RSS serving (MB) |', '|---|--:|--:|--:|--:|--:|--:|--:|--:|');
  for (const r of [lite, pg]) {
    const name = r.kind === 'pglite' ? 'PGlite (in process)' : 'PostgreSQL';
    if (r.skipped || !r.sizes) lines.push(`| ${name} | not measured: ${r.skipped ?? 'no result'} ||||||||`);
    else {
      const n = (x: number) => x.toLocaleString('en-US');
      lines.push(`| ${name} | ${n(r.sizes.orders)} | ${n(r.sizes.payouts)} | ${r.sizes.merchants} | ${r.sizes.suppliers} | ${n(r.sizes.ledgerRows)} | ${r.seedSeconds!.toFixed(1)} | ${r.peakRssSeed!.toFixed(0)} | ${r.peakRssServing!.toFixed(0)} |`);
    }
  }
  return lines.join('\n');
}
