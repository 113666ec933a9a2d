import { describe, expect, it } from 'vitest';
import { auditVerdict } from '../../scripts/audit-verdict';

describe('the production dependency audit', () => {
  it('says nothing was checked when the registry answers an error instead of a report', () => {
    const verdict = auditVerdict({ statusCode: 405, message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk' }, {});
    expect(verdict).toEqual({ kind: 'unavailable', reason: expect.stringContaining('405 Method Not Allowed') });
  });

  it('passes a clean report', () => {
    expect(auditVerdict({ vulnerabilities: {} }, {})).toEqual({ kind: 'checked', findings: [], unexplained: [] });
  });

  it('fails on an unexplained high or critical finding, not on a moderate one or an explained one', () => {
    const report = {
      vulnerabilities: {
        qs: { severity: 'high', via: [{ title: 'Prototype pollution', url: 'https://github.com/advisories/x' }] },
        tar: { severity: 'critical', via: ['qs'] },
        debug: { severity: 'moderate', via: [{ title: 'ReDoS' }] },
      },
    };
    const verdict = auditVerdict(report, { tar: 'only used by the build' });
    expect(verdict.kind).toBe('checked');
    if (verdict.kind !== 'checked') return;
    expect(verdict.findings.map((f) => [f.name, f.severity])).toEqual([
      ['qs', 'high'],
      ['tar', 'critical'],
      ['debug', 'moderate'],
    ]);
    expect(verdict.findings[0].titles).toEqual(['Prototype pollution']);
    expect(verdict.unexplained.map((f) => f.name)).toEqual(['qs']);
  });
});
