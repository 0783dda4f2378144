import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import { isLoopbackUrl } from '../shared/network';

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

/** Home and office networks first (192.168/16, then 10/8, then 172.16/12, often containers), then any other. */
const rank = (address: string) =>
  address.startsWith('192.168.')
    ? 0
    : address.startsWith('10.')
      ? 1
      : /^172\.(1[6-9]|2\d|3[01])\./.test(address)
        ? 2
        : 3;
/** Interfaces of containers, virtual machines and tunnels, which a phone on the Wi-Fi cannot reach. */
const VIRTUAL = /^(docker|br-|veth|virbr|vmnet|vboxnet|cni|flannel|tun|tap|utun|wg)/;

/**
 * This machine's address on its network, the one a phone on the same Wi-Fi reaches: an external IPv4 address
 * (not link-local), of a physical interface where there is one, in a private range first; undefined when
 * there is none.
 */
export function machineNetworkAddress(interfaces: Interfaces = networkInterfaces()): string | undefined {
  const candidates = Object.entries(interfaces)
    .flatMap(([name, list]) => (list ?? []).map((info) => ({ name, info })))
    .filter(({ info }) => info.family === 'IPv4' && !info.internal && !info.address.startsWith('169.254.'))
    .map(({ name, info }) => ({ address: info.address, order: (VIRTUAL.test(name) ? 10 : 0) + rank(info.address) }))
    .sort((a, b) => a.order - b.order);
  return candidates[0]?.address;
}

/**
 * The address a phone opens for the photo link: the portal's own address, or, when that is a loopback one
 * (http://localhost:5173 in development), the same address on this machine's network address. Unchanged when
 * the machine has no network address.
 */
export function phoneReachableUrl(frontEndUrl: string, interfaces: Interfaces = networkInterfaces()): string {
  if (!isLoopbackUrl(frontEndUrl)) return frontEndUrl;
  const address = machineNetworkAddress(interfaces);
  if (!address) return frontEndUrl;
  const url = new URL(frontEndUrl);
  url.hostname = address;
  return url.toString().replace(/\/$/, '');
}
