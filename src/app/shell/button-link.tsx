import { Button, type ButtonProps } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

export interface ButtonLinkProps {
  to: string;
  children: ReactNode;
  appearance?: ButtonProps['appearance'];
  size?: ButtonProps['size'];
  icon?: ButtonProps['icon'];
  className?: string;
}

/** A link to a route that looks like a Fluent button (navigation stays a link for assistive technology). */
export function ButtonLink({ to, children, ...buttonProps }: ButtonLinkProps) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Button {...buttonProps} as="a" href={href} onClick={onClick}>
      {children}
    </Button>
  );
}
