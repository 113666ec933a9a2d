/** Every /v1.0 route, by domain. A new domain adds its list here. */
import type { RouteSpec } from './http/route.js';
import { health } from './health.js';
import { sessionRoutes } from './users/session.js';
import { messageRoutes } from './messages/routes.js';
import { errorLogRoutes } from './error-logs/routes.js';
import { adminUserRoutes } from './users/admin-users.js';
import { secondLoginRoutes } from './users/second-login.js';
import { onlineSessionRoutes } from './users/online-sessions.js';
import { googleBindingRoutes } from './users/google-binding.js';

export const allRoutes: RouteSpec[] = [health, ...sessionRoutes, ...adminUserRoutes, ...messageRoutes, ...errorLogRoutes, ...secondLoginRoutes, ...onlineSessionRoutes, ...googleBindingRoutes] as RouteSpec[];
