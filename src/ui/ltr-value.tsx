import { makeStyles, mergeClasses } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({ whole: { whiteSpace: 'nowrap' } });

/**
 * A value that always reads left to right (a reference or document number, a passport or phone number, an
 * e-mail or web address), isolated from the text around it. In a right-to-left page a bare value made of digit
 * groups ("+44 7700 900123") shows its groups in reverse order, and Latin punctuation at its ends moves to the
 * other side; inside this element it keeps its order and the Arabic words around it keep theirs.
 * Values that may be written in either direction (names, places) take a plain `<bdi>` instead.
 * `whole` keeps it on one line (a document number or reference is never broken at its hyphens).
 */
export function LtrValue({ children, className, whole }: { children: ReactNode; className?: string; whole?: boolean }) {
  const styles = useStyles();
  return (
    <bdi dir="ltr" className={mergeClasses(whole ? styles.whole : undefined, className)}>
      {children}
    </bdi>
  );
}

/** Stand-ins put into a text where a value goes, then replaced by the value's element (private-use characters). */
const mark = (index: number) => `\uE000${index}\uE001`;

/**
 * A translated sentence with left-to-right values (document numbers, references) that are never broken across
 * lines: `translate` is given a stand-in for each value and the value is drawn whole in its place. The text reads,
 * and copies, exactly as the plain translation.
 */
export function TextWithLtrValues({
  translate,
  values,
}: {
  translate: (values: Record<string, string>) => string;
  values: Record<string, string>;
}) {
  const keys = Object.keys(values);
  const text = translate(Object.fromEntries(keys.map((key, index) => [key, mark(index)])));
  return (
    <>
      {text.split(/\uE000(\d+)\uE001/).map((part, index) =>
        index % 2 === 0 ? (
          part
        ) : (
          <LtrValue key={index} whole>
            {values[keys[Number(part)]]}
          </LtrValue>
        ),
      )}
    </>
  );
}
