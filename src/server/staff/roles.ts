import { STAFF_ROLE_NAMES, type StaffRoleName } from '../../shared/contract';

/** The roles of staff (src/shared/contract/staff.ts, where what each may do is said). */
export const STAFF_ROLES = STAFF_ROLE_NAMES;
export type StaffRole = StaffRoleName;

export const isStaffRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);
