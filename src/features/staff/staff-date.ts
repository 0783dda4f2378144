import { useTranslation } from 'react-i18next';

/** A moment as staff read it: the date and time in the page's language, in UTC (the server's clock, every instance alike). */
export function useStaffDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  return (iso) => `${format.format(new Date(iso))} UTC`;
}
