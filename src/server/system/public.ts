/**
 * What other areas of the server use of the system area: the metrics they record where things happen, the id of
 * the request being answered, whether the event loop is busy, the background jobs readiness watches, and the start
 * of draining at shutdown.
 */
export {
  recordDatabaseQuery,
  recordDatabaseWait,
  recordMailSent,
  recordObjectStore,
  recordThrottled,
  recordUploadRefused,
  watchHashesWaiting,
} from './metrics';
export { eventLoopBusy } from './event-loop';
export { currentRequestId } from './request-id';
export { watchJob, type WatchedJob } from './jobs';
export { startDraining } from './readiness';
