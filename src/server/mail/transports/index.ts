import { devMailboxTransport } from './dev-mailbox';
import { smtpTransport } from './smtp';
import type { TransportDefinition } from './types';

/** Mail transports in order of preference; adding one = one file + one line. The last one always applies. */
export const transports: TransportDefinition[] = [smtpTransport, devMailboxTransport];
