/**
 * What became of a transaction record (pure data, shared by the server and the lists):
 * - matched: exactly one open order fitted it, and the record completed that order;
 * - unmatched: no open order fitted (operators may supplement an order by hand);
 * - ambiguous: several open orders fitted, so none was completed;
 * - notCredit: money going out (a debit) never completes a collection order;
 * - delayed: a credit waiting out the MessageDelay setting before it is matched;
 * - alreadyPaid: no open order fitted, but one completed within CompleteCheckOrderTime did (named, nothing paid);
 * - referenceUsed: the record's UTR (or hash) is held by another order, pending or paid (named, nothing paid).
 */
export const MATCH_STATES = ['matched', 'unmatched', 'ambiguous', 'notCredit', 'delayed', 'alreadyPaid', 'referenceUsed'] as const;
export type MatchState = (typeof MATCH_STATES)[number];

export const MATCH_STATE_COLORS: Record<MatchState, string> = { matched: 'green', unmatched: 'orange', ambiguous: 'red', notCredit: 'default', delayed: 'blue', alreadyPaid: 'cyan', referenceUsed: 'magenta' };
