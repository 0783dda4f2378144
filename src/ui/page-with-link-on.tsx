import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeading } from './page-heading';
import { usePageStyles } from './page-styles';

/**
 * A page that shows one thing and then sends the visitor on: its heading, its content (or what went wrong), and
 * under it one link onwards (the user's applications, as a rule).
 */
export function PageWithLinkOn({
  title,
  link,
  children,
}: {
  title: string;
  link: { to: string; label: string };
  children: ReactNode;
}) {
  const styles = usePageStyles();
  return (
    <div className={styles.page}>
      <PageHeading>{title}</PageHeading>
      {children}
      <p className={styles.text}>
        <Link className={styles.link} to={link.to}>
          {link.label}
        </Link>
      </p>
    </div>
  );
}
