/** What other areas of the server may use of housekeeping: the schedule that runs a job again and again. */
export { scheduleHousekeeping, type HousekeepingSchedule } from './scheduler';
