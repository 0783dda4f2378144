import type { WidgetProps } from '@rjsf/utils';

/** An answer the user does not type (e.g. the authKey from an e-mail link). */
export function HiddenWidget({ id, value }: WidgetProps) {
  return <input type="hidden" id={id} name={id} value={value === undefined || value === null ? '' : String(value)} />;
}
