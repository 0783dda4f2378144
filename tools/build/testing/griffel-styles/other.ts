import { makeStyles } from '@fluentui/react-components';

/** A second styled module, transformed while the first one's styles are worked out. */
export const useOtherStyles = makeStyles({ box: { marginBlockStart: '4px' } });
