import type { ReactNode } from 'react';

/**
 * A value that always reads left to right (a reference or document number, a passport or phone number, an
 * e-mail or web address), isolated from the text around it. In a right-to-left page a bare value made of digit
 * groups ("+44 7700 900123") shows its groups in reverse order, and Latin punctuation at its ends moves to the
 * other side; inside this element it keeps its order and the Arabic words around it keep theirs.
 * Values that may be written in either direction (names, places) take a plain `<bdi>` instead.
 */
export function LtrValue({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  );
}
