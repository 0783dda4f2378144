import { later, useStyles } from './styled';
import { useOtherStyles } from './other';

/** What a build of the fixtures keeps. */
export const hooks = [useStyles, useOtherStyles, later];
