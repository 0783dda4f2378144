import type { ReactNode } from 'react';
import type { StaffSession } from '@/api/staff';
import { PageHeading } from '@/ui/page-heading';
import { usePageStyles } from '@/ui/page-styles';
import { StaffBar } from './staff-bar';

/** A staff page once signed in: the staff's bar, the page's one heading, then its content, in the wide column. */
export function StaffPage({
  member,
  title,
  caption,
  children,
}: {
  member: StaffSession;
  title: string;
  /** Read as part of the heading, above it (the draft's identifier). */
  caption?: string;
  children: ReactNode;
}) {
  const page = usePageStyles();
  return (
    <div className={page.wide}>
      <StaffBar member={member} />
      <PageHeading caption={caption}>{title}</PageHeading>
      {children}
    </div>
  );
}
