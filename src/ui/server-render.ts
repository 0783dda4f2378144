/**
 * What a render on the server needs to know of the page it renders: parts that must load before the page can be
 * rendered whole (`wait`), the forms it shows and the lists of countries it names, which the browser takes over
 * before it hydrates the page, so that both render the same. src/app/server-entry.tsx gives each render its own
 * recorder through React context; in the browser there is none.
 */
import { createContext, useContext } from 'react';

export interface ServerRenderRecorder {
  /** Something the page needs: the server renders it again once it has loaded. */
  wait(loading: Promise<unknown>): void;
  /** A form the page shows. */
  formShown(formId: string): void;
  /** A list of countries the page shows (its key in src/engine/countries.ts). */
  countriesShown(listKey: string): void;
}

export const ServerRenderContext = createContext<ServerRenderRecorder | undefined>(undefined);

/** The recorder of the server's render this component is part of, or undefined in the browser. */
export function useServerRender(): ServerRenderRecorder | undefined {
  return useContext(ServerRenderContext);
}
