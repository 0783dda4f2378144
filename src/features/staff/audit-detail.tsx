import { useStaffTableStyles } from './staff-styles';

/** A value of an entry's detail in words: a list joined by commas, anything else as JSON writes it. */
function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
    return value.map(String).join(', ');
  }
  return JSON.stringify(value);
}

/** The detail of an audit entry (the roles given, a publication's note and difference) as a list of names and values. */
export function AuditDetail({ detail }: { detail: Record<string, unknown> }) {
  const table = useStaffTableStyles();
  const entries = Object.entries(detail);
  if (entries.length === 0) return null;
  return (
    <dl className={table.detail}>
      {entries.map(([name, value]) => (
        <div key={name} className={table.detailRow}>
          <dt className={table.detailName}>{name}</dt>
          <dd className={table.detailValue}>{valueText(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
