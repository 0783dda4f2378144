/**
 * What a render on the server needs to know of the page it renders (src/app/server-entry.tsx installs a recorder for
 * each render): parts that must load before the page can be rendered whole (`wait`), and the forms it shows, which the
 * browser loads before it takes the page over, so that both render the same. In the browser there is no recorder.
 */
export interface ServerRenderRecorder {
  /** Something the page needs: the server renders it again once it has loaded. */
  wait(loading: Promise<unknown>): void;
  /** A form the page shows. */
  formShown(formId: string): void;
}

let recorder: ServerRenderRecorder | undefined;

/** Installs the recorder of the render under way (undefined once it is done). */
export function setServerRenderRecorder(next: ServerRenderRecorder | undefined): void {
  recorder = next;
}

/** The recorder of the server's render under way, or undefined (in the browser, or between renders). */
export function serverRender(): ServerRenderRecorder | undefined {
  return recorder;
}
