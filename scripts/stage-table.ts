/** The stages of a test run and their times, printed as a table at the end so that a slow stage is seen. */
import { existsSync, readFileSync } from 'node:fs';

/** `beside`: ran beside the next stages (typecheck and lint beside Vitest), so not added to the total. */
export type Stage = { name: string; seconds: number; ok: boolean; beside?: boolean };

/** One JSON line per stage run, appended by `npm test` and `npm run test:rest` (test-results is CI's artifact). */
export const STAGES_FILE = 'test-results/stages.jsonl';

const clock = (seconds: number) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

export function printStages(stages: Stage[]): void {
  if (!stages.length) return;
  const width = Math.max(...stages.map((s) => s.name.length), 5);
  console.log(`\n${'stage'.padEnd(width)}   time  result`);
  for (const s of stages) console.log(`${s.name.padEnd(width)}  ${clock(s.seconds).padStart(5)}  ${s.ok ? 'ok' : 'FAILED'}${s.beside ? ' (beside the next, not in the total)' : ''}`);
  console.log(`${'total'.padEnd(width)}  ${clock(stages.reduce((sum, s) => sum + (s.beside ? 0 : s.seconds), 0)).padStart(5)}`);
}

/** `tsx scripts/stage-table.ts [name=seconds ...]`: the table of the stages file, after the caller's own stages (.ci/run's). */
if (import.meta.url === `file://${process.argv[1]}`) {
  const own = process.argv.slice(2).map((arg) => {
    const [name, seconds] = arg.split('=');
    return { name, seconds: Number(seconds), ok: true };
  });
  const recorded = existsSync(STAGES_FILE)
    ? readFileSync(STAGES_FILE, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Stage)
    : [];
  printStages([...own, ...recorded]);
}
