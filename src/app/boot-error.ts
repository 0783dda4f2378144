/** Un-hides the static message of index.html, so a failed start never leaves a blank page. */
export function showBootError(): void {
  document.getElementById('boot-error')?.removeAttribute('hidden');
}
