import { processGlobal } from './process-global';

/**
 * Where this instance is in its life, for the readiness route: a load balancer stops sending
 * requests once `draining` is set, while the requests already here finish.
 */
export const lifecycle = processGlobal<{ jobsStarted: boolean; draining: boolean; startedAt: number }>(
  'lifecycle',
  () => ({ jobsStarted: false, draining: false, startedAt: Date.now() }),
);
