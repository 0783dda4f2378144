/**
 * The portal's one narrow-screen breakpoint, the theme's sm (600 px): below it one column and full-width actions.
 * src/ui may not import the app's theme, so the value is written here and a unit test keeps the two equal.
 */
export const NARROW_BREAKPOINT_PX = 600;

/** makeStyles key for phones: widths below the breakpoint (0.02 px under it, so NARROW and WIDE never overlap). */
export const NARROW = `@media (max-width: ${NARROW_BREAKPOINT_PX - 0.02}px)`;

/** makeStyles key for wider screens: widths at or above the breakpoint. */
export const WIDE = `@media (min-width: ${NARROW_BREAKPOINT_PX}px)`;
