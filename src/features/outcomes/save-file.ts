/** Saves a downloaded file under its name: through an object URL and a temporary link, released afterwards. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns: release it a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
