/** Identifiers of profiles, applications and applicants: UUIDs (v4 or v7), in either case. */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

const UUID = new RegExp(UUID_PATTERN);

/** True for a string shaped as a UUID (anything else can name no row). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
