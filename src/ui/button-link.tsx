import { Button, type ButtonProps } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

export interface ButtonLinkProps {
  to: string;
  children: ReactNode;
  appearance?: ButtonProps['appearance'];
  /** Large by default: most button links are a page's call to action. */
  size?: ButtonProps['size'];
  icon?: ButtonProps['icon'];
  iconPosition?: ButtonProps['iconPosition'];
  className?: string;
}

/** A route link drawn as a Fluent button: a call to action that stays a link for assistive technology. */
export function ButtonLink({ to, children, size = 'large', ...buttonProps }: ButtonLinkProps) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Button {...buttonProps} size={size} as="a" href={href} onClick={onClick}>
      {children}
    </Button>
  );
}
