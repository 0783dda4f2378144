import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import type { MailMessage } from '../templates';

/** What a transport may use to deliver. */
export interface TransportContext {
  config: AppConfig;
  db: Db;
  log: FastifyBaseLogger;
}

/** Delivers messages somewhere. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  /** Releases connections when the server stops. */
  close(): Promise<void>;
}

/** One entry of the transport registry: the first whose `selects` answers true is used. */
export interface TransportDefinition {
  name: string;
  selects(config: AppConfig): boolean;
  create(context: TransportContext): MailTransport;
}
