/**
 * What every balance operation asks of the caller beyond the ability (spec section 6, issue of
 * balance operations): the second-level password, and a Google code while the BalanceOperation
 * switch is on. Adjust, freeze, unfreeze and clear; resetting a payment password; restoring a
 * deleted account.
 */
export const BALANCE_OPERATION_GUARD = { secondLevel: true, googleCode: 'BalanceOperation' } as const;

/**
 * What every other route that moves money or redirects it asks beyond the ability: the
 * second-level password (a stolen or unattended session alone moves nothing). Confirming,
 * supplementing, reversing and repairing orders; rejecting, cancelling, reversing, repairing and
 * reselecting the payee of payouts; the user product rates every fee is computed from. A route
 * whose action has a Google-code switch (supplement: ManualSupplement) declares it beside this.
 * tests/api/permissions-money.test.ts lists these routes and fails when one lacks the guard.
 */
export const MONEY_MOVE_GUARD = { secondLevel: true } as const;
