/**
 * What a form posted to a page of the portal may hold (decided from its route by src/routing/post-policy.ts, read by
 * the server before it reads a posted body: src/server/pages/posted-body.ts).
 */
export interface PostPolicy {
  /** The route's page acts on a posted form (else the post changes nothing and the page is shown). */
  acts: boolean;
  /** The page's form takes files: `multipart/form-data`; every other page takes only a form of fields. */
  files: boolean;
  /** The route needs a signed-in visitor. */
  signedIn: boolean;
  /** The most fields a post to the page can carry. */
  fields: number;
  /** The route's page needs the router context's e-mail (the manifest's `requiresContext: "email"`). */
  needsEmail: boolean;
}
