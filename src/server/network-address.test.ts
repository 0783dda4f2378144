import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, isLoopbackUrl } from '../shared/network';
import { machineNetworkAddress, phoneReachableUrl } from './network-address';

const ipv4 = (address: string, internal = false) =>
  ({
    address,
    family: 'IPv4',
    internal,
    netmask: '255.255.255.0',
    mac: '00:00:00:00:00:00',
    cidr: null,
  }) as NetworkInterfaceInfo;
const ipv6 = (address: string, internal = false) =>
  ({
    address,
    family: 'IPv6',
    internal,
    netmask: 'ffff:ffff:ffff:ffff::',
    mac: '00:00:00:00:00:00',
    cidr: null,
    scopeid: 0,
  }) as NetworkInterfaceInfo;

const laptop = {
  lo: [ipv4('127.0.0.1', true), ipv6('::1', true)],
  docker0: [ipv4('172.17.0.1')],
  wlan0: [ipv6('fe80::1'), ipv4('192.168.1.20')],
};

describe('loopback addresses', () => {
  it('knows the addresses only this machine reaches', () => {
    for (const host of [
      'localhost',
      'LOCALHOST',
      'portal.localhost',
      '127.0.0.1',
      '127.1.2.3',
      '[::1]',
      '::1',
      '0.0.0.0',
    ])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['192.168.1.20', 'eta.example.org', 'localhost.example.org', '128.0.0.1', '[2001:db8::1]'])
      expect(isLoopbackHost(host), host).toBe(false);
    expect(isLoopbackUrl('http://localhost:8080')).toBe(true);
    expect(isLoopbackUrl('http://[::1]:8080/')).toBe(true);
    expect(isLoopbackUrl('https://eta.example.org')).toBe(false);
    expect(isLoopbackUrl('not a url')).toBe(false);
  });
});

describe('the address a phone opens', () => {
  it("is the machine's private network address, not a loopback, link-local or container one", () => {
    expect(machineNetworkAddress(laptop)).toBe('192.168.1.20');
    expect(
      machineNetworkAddress({ lo: [ipv4('127.0.0.1', true)], eth0: [ipv4('169.254.3.4'), ipv4('203.0.113.7')] }),
    ).toBe('203.0.113.7');
    expect(machineNetworkAddress({ lo: [ipv4('127.0.0.1', true)] })).toBeUndefined();
  });

  it('replaces a loopback portal address by the network address, keeping scheme, port and path', () => {
    expect(phoneReachableUrl('http://localhost:5173', laptop)).toBe('http://192.168.1.20:5173');
    expect(phoneReachableUrl('http://127.0.0.1:8080/eta', laptop)).toBe('http://192.168.1.20:8080/eta');
  });

  it('keeps a public address, and a loopback one when the machine has no network', () => {
    expect(phoneReachableUrl('https://eta.example.org', laptop)).toBe('https://eta.example.org');
    expect(phoneReachableUrl('http://localhost:5173', { lo: [ipv4('127.0.0.1', true)] })).toBe('http://localhost:5173');
  });
});
