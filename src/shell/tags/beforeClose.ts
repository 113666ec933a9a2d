/**
 * Confirm hooks a route can name in its declaration (`beforeCloseName`): the hook
 * runs before the route's tag closes, and the tag stays open unless it resolves true.
 */
type Ask = (titleKey: string, contentKey: string) => Promise<boolean>;
export type BeforeClose = (ask: Ask) => Promise<boolean>;

export const beforeCloseHooks: Record<string, BeforeClose> = {
  /** For screens with a form: closing drops what was typed. */
  confirmLeave: (ask) => ask('shell.tags.leaveTitle', 'shell.tags.leaveContent'),
};
