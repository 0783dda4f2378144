/** What SchemaForm hands to its templates through rjsf's `formContext`. */
export interface EngineFormContext {
  /** Top-level properties shown on the current page (all when the form has a single page). */
  pageFields?: string[];
  /** The form is being sent: its hidden default button (Enter's) is disabled, as Continue is. */
  busy?: boolean;
  /** Marks a field as visited (blurred) so its problems show while typing. */
  touch?: (path: string) => void;
}

/** Widgets that render several controls and so are wrapped in a fieldset with a legend. */
export const GROUP_WIDGETS = new Set(['yesNo', 'radio', 'date']);
/** Custom fields rendered as a group. */
export const GROUP_FIELDS = new Set(['phone']);
