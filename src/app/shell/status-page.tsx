import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  root: {
    maxWidth: '640px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXL} 0`,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalL,
  },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
  body: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
    color: tokens.colorNeutralForeground2,
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalM,
    marginTop: tokens.spacingVerticalS,
  },
});

export interface StatusPageProps {
  image?: ReactNode;
  title: string;
  body: string;
  actions: ReactNode;
  children?: ReactNode;
}

/** Layout shared by the not-found, error and chunk-error pages: image, heading, text, actions. */
export function StatusPage({ image, title, body, actions, children }: StatusPageProps) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      {image}
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.body}>{body}</p>
      {children}
      <div className={styles.actions}>{actions}</div>
    </div>
  );
}
