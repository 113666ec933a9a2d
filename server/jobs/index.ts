/** Every background job of the server, by domain. A new job adds itself here. */
import type { Job } from './runner.js';

export const allJobs: Job[] = [];
