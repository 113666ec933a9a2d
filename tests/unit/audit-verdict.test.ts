import { describe, expect, it } from 'vitest';
import { auditVerdict } from '../../scripts/audit-verdict';

/** Shaped as npm 11's `npm audit --json` (auditReportVersion 2): an advisory in qs, and express depending on it. */
const REPORT = {
  auditReportVersion: 2,
  vulnerabilities: {
    qs: {
      name: 'qs',
      severity: 'high',
      via: [{ source: 1090131, name: 'qs', dependency: 'qs', title: 'qs vulnerable to Prototype Pollution', url: 'https://github.com/advisories/GHSA-hrpp-h998-j3pp', severity: 'high', range: '<6.10.3' }],
      effects: ['express'],
    },
    express: { name: 'express', severity: 'high', via: ['qs'], effects: [] },
    debug: { name: 'debug', severity: 'moderate', via: [{ source: 1, name: 'debug', title: 'ReDoS in debug', url: 'https://github.com/advisories/GHSA-gxpj-cx7g-858c', severity: 'moderate' }], effects: [] },
  },
};

describe('the production dependency audit', () => {
  it('says nothing was checked when the registry answers an HTTP error instead of a report', () => {
    const verdict = auditVerdict({ statusCode: 405, message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk' }, {});
    expect(verdict).toEqual({ kind: 'unavailable', reason: expect.stringContaining('405 Method Not Allowed') });
  });

  it('fails when npm gives no report for another reason (no lockfile, unreadable output)', () => {
    expect(auditVerdict({ error: { code: 'ENOLOCK', summary: 'This command requires an existing lockfile.' } }, {})).toEqual({ kind: 'failed', reason: 'This command requires an existing lockfile.' });
    expect(auditVerdict({}, {}).kind).toBe('failed');
  });

  it('passes a clean report', () => {
    expect(auditVerdict({ vulnerabilities: {} }, {})).toEqual({ kind: 'checked', findings: [], unexplained: [] });
  });

  it('judges each advisory once, failing on an unexplained high one and not on a moderate one', () => {
    const verdict = auditVerdict(REPORT, {});
    expect(verdict.kind).toBe('checked');
    if (verdict.kind !== 'checked') return;
    expect(verdict.findings.map((f) => [f.id, f.packageName, f.severity])).toEqual([
      ['GHSA-hrpp-h998-j3pp', 'qs', 'high'],
      ['GHSA-gxpj-cx7g-858c', 'debug', 'moderate'],
    ]);
    expect(verdict.unexplained.map((f) => f.id)).toEqual(['GHSA-hrpp-h998-j3pp']);
  });

  it('lets an advisory pass once explained by its id, and only that advisory', () => {
    const explained = { 'GHSA-hrpp-h998-j3pp': 'qs parses only our own query strings' };
    const verdict = auditVerdict(REPORT, explained);
    expect(verdict.kind === 'checked' && verdict.unexplained).toEqual([]);
    const another = structuredClone(REPORT);
    another.vulnerabilities.qs.via.push({ source: 2, name: 'qs', dependency: 'qs', title: 'a new one', url: 'https://github.com/advisories/GHSA-new0-0000-0000', severity: 'critical', range: '*' });
    const again = auditVerdict(another, explained);
    expect(again.kind === 'checked' && again.unexplained.map((f) => f.id)).toEqual(['GHSA-new0-0000-0000']);
  });
});
