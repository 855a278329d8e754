import { defineJob } from '../jobs/jobs.ts';

/**
 * Starts each account's new traffic period: hourly, so a month's first hour resets every account within
 * the hour whichever worker was down at midnight; a run with nothing to reset changes nothing.
 */
export const TRAFFIC_PERIOD = defineJob({ name: 'traffic-period', schedule: '7 * * * *' });
