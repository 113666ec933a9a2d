/** The row actions of payouts (resources/payouts/api.ts names their paths); the claims are in ../claims.ts. */
import { operatorRoutes } from './operator.js';
import { reviewRoutes } from './review.js';
import { simpleRoutes } from './simple.js';

export const payoutActionRoutes = [...simpleRoutes, ...reviewRoutes, ...operatorRoutes];
