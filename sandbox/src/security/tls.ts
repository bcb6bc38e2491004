import type { ServerOptions } from 'node:https';
import type { TlsListenerConfig } from '../config.js';
import { pemOrFile } from './certificates.js';

/**
 * Options of the HTTPS listener: the sandbox's server certificate, and a request for the TPP's client
 * certificate. The handshake accepts any certificate (or none): the security middleware decides, on the
 * sandbox clock and per client, and answers with part 7's 401 codes instead of a failed handshake.
 */
export function tlsServerOptions(tls: TlsListenerConfig): ServerOptions {
  return {
    cert: pemOrFile(tls.cert),
    key: pemOrFile(tls.key),
    ...(tls.ca ? { ca: pemOrFile(tls.ca) } : {}),
    requestCert: true,
    rejectUnauthorized: false,
  };
}
