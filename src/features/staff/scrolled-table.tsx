import type { ReactNode } from 'react';
import { useStaffTableStyles } from './staff-styles';

/**
 * A table wider than a narrow screen, scrolled sideways in a region of its own (named by its caption) that the
 * keyboard reaches, so that it can be scrolled without a pointer too.
 */
export function ScrolledTable({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  const table = useStaffTableStyles();
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolled region is reached by the keyboard
    <div className={table.scroll} role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
