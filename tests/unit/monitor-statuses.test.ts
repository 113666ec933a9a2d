/** The monitor transition table (resources/monitors/statuses.ts): what a monitor may report after what. */
import { describe, expect, it } from 'vitest';
import { DISCONNECTABLE, MONITOR_STATUSES, mayReport, REPORTED_STATUSES } from '../../resources/monitors/statuses';

describe('monitor statuses', () => {
  it('lets a heartbeat repeat any reported status', () => {
    for (const status of REPORTED_STATUSES) expect(mayReport(status, status)).toBe(true);
  });

  it('starts before running and stops through stopping or straight to stopped', () => {
    expect(mayReport(null, 'starting')).toBe(true);
    expect(mayReport(null, 'stopping')).toBe(false);
    expect(mayReport('starting', 'running')).toBe(true);
    expect(mayReport('running', 'starting')).toBe(false);
    expect(mayReport('running', 'stopping')).toBe(true);
    expect(mayReport('stopping', 'running')).toBe(false);
    expect(mayReport('stopping', 'stopped')).toBe(true);
    expect(mayReport('stopped', 'running')).toBe(false);
    expect(mayReport('stopped', 'starting')).toBe(true);
  });

  it('brings a disconnected monitor back with any report but stopping', () => {
    expect(REPORTED_STATUSES.filter((s) => mayReport('disconnected', s))).toEqual(['starting', 'running', 'stopped']);
  });

  it('never lets a monitor report itself disconnected; the job leaves only live statuses', () => {
    expect(REPORTED_STATUSES).not.toContain('disconnected');
    expect(DISCONNECTABLE).toEqual(['starting', 'running', 'stopping']);
    expect(MONITOR_STATUSES).toEqual(['starting', 'running', 'stopping', 'stopped', 'disconnected']);
  });
});
