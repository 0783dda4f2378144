import { useTranslation } from 'react-i18next';

/**
 * A moment as staff read it: the date and time in the page's language, in UTC (the server's clock, every instance
 * alike), the time zone named as the language names it.
 */
export function useStaffDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });
  return (iso) => format.format(new Date(iso));
}
