/**
 * What `npm audit --omit=dev --json` says about the production dependencies, as CI judges it
 * (scripts/audit.ts). The report lists packages; each names its advisories in `via` (objects) or
 * the vulnerable package it depends on (a name). The verdict judges the advisories: a high or
 * critical one fails the run unless scripts/audit-explained.json names it (by its GHSA id or URL)
 * with the reason it does not reach the product; a new advisory of the same package is not
 * explained by an old one's entry. When the registry's audit endpoint answers an HTTP error instead
 * of a report, nothing could be checked and the verdict says so; any other missing report is an
 * error, not a pass.
 */

interface Advisory {
  source?: number;
  name?: string;
  title?: string;
  url?: string;
  severity?: string;
}

/** The part of npm's report (auditReportVersion 2), or of its error answer, read here. */
export interface AuditReport {
  vulnerabilities?: Record<string, { severity: string; via?: (string | Advisory)[] }>;
  statusCode?: number;
  message?: string;
  error?: { code?: string; summary?: string };
}

export interface Finding {
  /** The advisory's GHSA id (from its URL), else its URL or npm's number. */
  id: string;
  packageName: string;
  severity: string;
  title: string;
  explained?: string;
}

export type AuditVerdict = { kind: 'unavailable'; reason: string } | { kind: 'failed'; reason: string } | { kind: 'checked'; findings: Finding[]; unexplained: Finding[] };

const BLOCKING = new Set(['high', 'critical']);

const idOf = (advisory: Advisory) => advisory.url?.match(/GHSA-[\w-]+/)?.[0] ?? advisory.url ?? String(advisory.source ?? 'unknown');

export function auditVerdict(report: AuditReport, explained: Record<string, string>): AuditVerdict {
  if (!report.vulnerabilities) {
    const reason = report.message ?? report.error?.summary ?? report.error?.code ?? 'npm audit printed no report';
    return typeof report.statusCode === 'number' ? { kind: 'unavailable', reason } : { kind: 'failed', reason };
  }
  const byId = new Map<string, Finding>();
  for (const [packageName, entry] of Object.entries(report.vulnerabilities)) {
    for (const via of entry.via ?? []) {
      if (typeof via === 'string') continue;
      const id = idOf(via);
      const note = explained[id] ?? (via.url ? explained[via.url] : undefined);
      byId.set(id, { id, packageName: via.name ?? packageName, severity: via.severity ?? entry.severity, title: via.title ?? '', ...(note ? { explained: note } : {}) });
    }
  }
  const findings = [...byId.values()];
  return { kind: 'checked', findings, unexplained: findings.filter((f) => BLOCKING.has(f.severity) && !f.explained) };
}
