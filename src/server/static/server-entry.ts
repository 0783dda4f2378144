import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageOutcome, RenderedPage } from '../../shared/rendered-page';
import type { Setting } from '../../shared/contract';
import type { RequestScope } from '../../shared/request-scope';
import type { PostPolicy } from '../../shared/post-policy';

/** Folder of the build (dist/) holding the server-side entry; a dot folder, so the server never sends it. */
export const SERVER_ENTRY_DIR = '.ssr';
/** File name of the built server-side entry (src/app/server-entry.tsx) in SERVER_ENTRY_DIR. */
export const SERVER_ENTRY_FILE = 'server-entry.js';

export type { PageOutcome, PostPolicy, RenderedPage, RequestScope };

/** What the built server-side entry offers the server (see src/app/server-entry.tsx). */
export interface ServerEntry {
  /** The routes whose page is the same for every visitor without a session (the manifest's `prerender`). */
  prerenderPaths(): string[];
  /** What a form posted to a page's address may hold; undefined for an address that is no page of the portal. */
  postPolicy(pathname: string): Promise<PostPolicy | undefined>;
  renderRequest(input: { request: Request; scope: RequestScope; settings: readonly Setting[] }): Promise<PageOutcome>;
}

/**
 * Loads the server-side entry of the build in `distDir` (a new build is loaded anew, as its file changed), or
 * undefined when the build has none.
 */
export async function loadServerEntry(distDir: string): Promise<ServerEntry | undefined> {
  const file = path.join(distDir, SERVER_ENTRY_DIR, SERVER_ENTRY_FILE);
  if (!existsSync(file)) return undefined;
  const version = statSync(file).mtimeMs;
  return (await import(`${pathToFileURL(file).href}?v=${version}`)) as ServerEntry;
}
