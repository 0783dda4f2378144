import { Button, type ButtonProps } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

interface ButtonLinkProps {
  to: string;
  children: ReactNode;
  appearance?: ButtonProps['appearance'];
  className?: string;
}

/** A route link drawn as a large Fluent button: a call to action that stays a link. */
export function ButtonLink({ to, children, ...buttonProps }: ButtonLinkProps) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Button {...buttonProps} size="large" as="a" href={href} onClick={onClick}>
      {children}
    </Button>
  );
}
