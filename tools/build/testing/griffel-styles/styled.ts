import { makeStyles, tokens } from '@fluentui/react-components';

/** Styles of a module, worked out at build. */
export const useStyles = makeStyles({
  root: { color: tokens.colorNeutralForeground1, paddingInlineStart: '8px' },
  wide: { '@media (min-width: 640px)': { display: 'grid' } },
});

/** Styles made when a function runs, not when the module is imported: left to the browser. */
export function later() {
  return makeStyles({ late: { color: 'red' } });
}
