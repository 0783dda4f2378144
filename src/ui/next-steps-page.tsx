import type { ReactNode } from 'react';
import { ButtonLink } from './button-link';
import { PageHeading } from './page-heading';
import { usePageStyles } from './page-styles';

/** A way on from a page: where it leads, and what its button says. */
export interface NextStep {
  to: string;
  label: string;
}

interface NextStepsPageProps {
  title: string;
  /** What the page says (paragraphs, a subheading) between its heading and its buttons. */
  children: ReactNode;
  primary: NextStep;
  secondary?: NextStep;
}

/** A page that can only send the user on: its heading, what it says, then a primary (and a secondary) way on. */
export function NextStepsPage({ title, children, primary, secondary }: NextStepsPageProps) {
  const styles = usePageStyles();
  return (
    <div className={styles.page}>
      <PageHeading>{title}</PageHeading>
      {children}
      <div className={styles.actions}>
        <ButtonLink to={primary.to} appearance="primary" className={styles.fullWidthOnPhone}>
          {primary.label}
        </ButtonLink>
        {secondary && (
          <ButtonLink to={secondary.to} appearance="secondary" className={styles.fullWidthOnPhone}>
            {secondary.label}
          </ButtonLink>
        )}
      </div>
    </div>
  );
}
