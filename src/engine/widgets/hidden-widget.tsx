import type { WidgetProps } from '@rjsf/utils';

/** An answer the user does not type (e.g. the authKey from an e-mail link). */
export function HiddenWidget({ id, htmlName, value }: WidgetProps) {
  return (
    <input
      type="hidden"
      id={id}
      name={htmlName ?? id}
      value={value === undefined || value === null ? '' : String(value)}
    />
  );
}
