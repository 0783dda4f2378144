import { descriptionId, errorId, helpId, getUiOptions, type UiSchema } from '@rjsf/utils';

/** Whether a field shows a hint (`ui:help`) or a description (`ui:description`). */
export function fieldTexts(uiSchema: UiSchema | undefined): { help: boolean; description: boolean } {
  const options = getUiOptions(uiSchema);
  return { help: !!options.help, description: !!options.description };
}

/** aria-describedby / aria-invalid for a control of field `id`: only ids of elements that are rendered. */
export function fieldAria(
  id: string,
  uiSchema: UiSchema | undefined,
  rawErrors: string[] | undefined,
  extraIds: string[] = [],
) {
  const texts = fieldTexts(uiSchema);
  const hasError = !!rawErrors && rawErrors.length > 0;
  const ids = [
    ...(texts.description ? [descriptionId(id)] : []),
    ...(texts.help ? [helpId(id)] : []),
    ...(hasError ? [errorId(id)] : []),
    ...extraIds,
  ];
  return {
    'aria-describedby': ids.length ? ids.join(' ') : undefined,
    'aria-invalid': hasError ? true : undefined,
  } as const;
}

/** The id of the control a problem at a dotted path focuses (`root_mobile_mobileNumber`). */
export function controlIdForPath(path: string): string {
  return path ? `root_${path.split('.').join('_')}` : 'root';
}
