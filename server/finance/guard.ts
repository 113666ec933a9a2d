/**
 * What every balance operation asks of the caller beyond the ability (spec section 6, issue of
 * balance operations): the second-level password, and a Google code while the BalanceOperation
 * switch is on. Adjust, freeze, unfreeze and clear; resetting a payment password; restoring a
 * deleted account.
 */
export const BALANCE_OPERATION_GUARD = { secondLevel: true, googleCode: 'BalanceOperation' } as const;
