/**
 * `npm run audit:prod` (run by .ci/run): `npm audit --omit=dev`, judged by ./audit-verdict.ts.
 * Exits 1 when a high or critical advisory is not explained in ./audit-explained.json (keyed by
 * GHSA id), or when npm gives no report for any reason but the registry's HTTP error; prints every
 * advisory; says plainly when the registry's audit endpoint could not be asked (exit 0: nothing
 * found, nothing checked).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { auditVerdict, type AuditReport } from './audit-verdict';

const explained = JSON.parse(readFileSync(new URL('./audit-explained.json', import.meta.url), 'utf8')) as Record<string, string>;
const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 180_000, maxBuffer: 256 * 1024 * 1024 });
let report: AuditReport;
try {
  report = JSON.parse(run.stdout) as AuditReport;
} catch {
  report = { message: (run.error?.message || run.stderr || 'npm audit printed no report').trim().split('\n').pop() };
}
const verdict = auditVerdict(report, explained);
if (verdict.kind === 'unavailable') {
  console.warn(`audit: NOT CHECKED: the registry's audit endpoint did not answer: ${verdict.reason}`);
} else if (verdict.kind === 'failed') {
  console.error(`audit: FAILED: npm audit gave no report: ${verdict.reason}`);
  process.exitCode = 1;
} else {
  for (const f of verdict.findings) console.log(`audit: ${f.severity.padEnd(8)} ${f.packageName}: ${f.title} (${f.id})${f.explained ? `; explained: ${f.explained}` : ''}`);
  console.log(`audit: ${verdict.findings.length} advisory(ies) in production dependencies, ${verdict.unexplained.length} high or critical unexplained`);
  if (verdict.unexplained.length) process.exitCode = 1;
}
