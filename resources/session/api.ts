/** The session's calls (no screen of their own): written once for the login page and the server. Kept free of imports: the login page loads it. */
export const sessionApi = {
  login: '/user/login',
  /** The second-level login that yields token2. */
  login2: '/user/login2',
  getInfo: '/user/getInfo',
  logout: '/user/logout',
} as const;

/** Binding a Google Authenticator: an admin for a member (bindUser...) or a user for itself (...ForProfile). */
export const googleBindingApi = {
  bindUser: '/user/bindUser',
  confirmBind: '/user/confirmBind',
  unbind: '/user/unbind',
  enableGoogleVerify: '/user/enableGoogleVerify',
  bindUserForProfile: '/user/bindUserForProfile',
  confirmBindForProfile: '/user/confirmBindForProfile',
  unbindForProfile: '/user/unbindForProfile',
} as const;
