/** The e2e run's lists name real spec files: a renamed flow must not drop out of a lane or of the no-retry rule unseen. */
import { describe, expect, it } from 'vitest';
import { flowFiles, packLanes } from '../e2e/lanes';
import { NO_PASS_ON_RETRY, QUICK_FLOWS } from '../e2e/quick';

const flows = flowFiles('tests/e2e');

describe('e2e sets', () => {
  it('name spec files that exist', () => {
    expect(QUICK_FLOWS.filter((f) => !flows.includes(f))).toEqual([]);
    expect(NO_PASS_ON_RETRY.filter((f) => !flows.includes(f))).toEqual([]);
  });

  it('put every flow in exactly one lane', () => {
    const lanes = packLanes(flows, 2);
    expect(lanes.flat().sort()).toEqual(flows);
  });
});
