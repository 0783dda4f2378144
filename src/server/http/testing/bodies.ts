/** `{"a":{"a":...{}...}}` nested `depth` levels below the outer object: a JSON body deeper than any form. */
export function nestedJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}{}${'}'.repeat(depth)}`;
}
