/** What the file input offers the browser's file picker: the accepted media types and their usual extensions. */
export function acceptAttribute(acceptedTypes: readonly string[]): string {
  const extensions: Record<string, string[]> = {
    'application/pdf': ['.pdf'],
    'image/jpeg': ['.jpg', '.jpeg'],
    'image/png': ['.png'],
  };
  return acceptedTypes.flatMap((type) => [type, ...(extensions[type] ?? [])]).join(',');
}
