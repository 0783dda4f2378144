import { isLoopbackUrl } from '../shared/network';

/** The port an address is reached on: its own, or its scheme's. */
const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/**
 * What to warn of at start when the portal's configured address (PUBLIC_URL, and FRONT_END_URL made from it)
 * cannot be the address this server is used at: a loopback address on another port than the one the server
 * listens on. The card page's address, the address the browser returns to after paying or cancelling, and the
 * links of e-mails are all made from it, so the visitor would land on another address, signed out (the session
 * cookies belong to the address the portal was opened at). A public name is left alone: a proxy in front of the
 * server may well listen on another port.
 */
export function publicUrlWarnings(
  settings: { publicUrl: string; frontEndUrl: string },
  listeningPort: number,
): string[] {
  const warnings: string[] = [];
  for (const [name, address] of [
    ['PUBLIC_URL', settings.publicUrl],
    ['FRONT_END_URL', settings.frontEndUrl],
  ] as const) {
    if (!isLoopbackUrl(address)) continue;
    const url = new URL(address);
    if (portOf(url) === listeningPort) continue;
    url.port = String(listeningPort);
    const here = url.origin;
    warnings.push(
      `${name} is ${address}, but this server listens on port ${listeningPort}: the card page, the return after ` +
        `paying or cancelling and e-mailed links lead to ${address}, where visitors of ${here} are signed out. ` +
        `Set ${name}=${here}, or open the portal at ${address}.`,
    );
    if (name === 'PUBLIC_URL' && settings.frontEndUrl === settings.publicUrl) break;
  }
  return warnings;
}

/**
 * The address the start-up line names as where the portal is ready: PUBLIC_URL when it is an address of this
 * machine on the port listened on (the one address at which paying works, cookies being per address), else
 * http://localhost:<port>.
 */
export function readyAddress(publicUrl: string, listeningPort: number): string {
  if (isLoopbackUrl(publicUrl) && portOf(new URL(publicUrl)) === listeningPort) return new URL(publicUrl).origin;
  return `http://localhost:${listeningPort}`;
}
