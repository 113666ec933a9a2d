/**
 * What `npm audit --omit=dev --json` says about the production dependencies, as CI judges it
 * (scripts/audit.ts): a high or critical finding fails the run unless scripts/audit-explained.json
 * names the package with the reason it does not reach the product. When the registry's audit
 * endpoint does not answer (npm prints the HTTP error instead of a report), nothing could be checked,
 * and the verdict says so instead of passing silently.
 */

/** The part of npm's report (auditReportVersion 2) read here. */
export interface AuditReport {
  vulnerabilities?: Record<string, { severity: string; via?: (string | { title?: string; url?: string })[] }>;
  statusCode?: number;
  message?: string;
}

export interface Finding {
  name: string;
  severity: string;
  titles: string[];
  explained?: string;
}

export type AuditVerdict = { kind: 'unavailable'; reason: string } | { kind: 'checked'; findings: Finding[]; unexplained: Finding[] };

const BLOCKING = new Set(['high', 'critical']);

export function auditVerdict(report: AuditReport, explained: Record<string, string>): AuditVerdict {
  if (!report.vulnerabilities) return { kind: 'unavailable', reason: report.message ?? `no report (HTTP ${report.statusCode ?? 'unknown'})` };
  const findings = Object.entries(report.vulnerabilities).map(([name, v]) => ({
    name,
    severity: v.severity,
    titles: (v.via ?? []).flatMap((via) => (typeof via === 'string' ? [] : via.title ? [via.title] : [])),
    ...(explained[name] ? { explained: explained[name] } : {}),
  }));
  return { kind: 'checked', findings, unexplained: findings.filter((f) => BLOCKING.has(f.severity) && !f.explained) };
}
