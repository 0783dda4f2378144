import type { GriffelStyle } from '@fluentui/react-components';

/** Read by screen readers, not drawn: the one recipe, spread into a component's styles. */
export const visuallyHidden: GriffelStyle = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};
