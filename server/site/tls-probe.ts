import { connect } from 'node:tls';

/** What a TLS handshake with the public address showed. */
export interface TlsProbe {
  checkedAt: string;
  protocol: string | null;
  trusted: boolean;
  issuer: string | null;
  validTo: string | null;
  problem: string | null;
}

/**
 * Opens a TLS connection to `host:port` the way a browser would (SNI, the system's trusted
 * authorities) and reports the negotiated protocol and the certificate, trusted or not. It never
 * sends a request; a failure is reported, not thrown.
 */
export function probeTls(host: string, port: number, now: Date, timeoutMs = 5000): Promise<TlsProbe> {
  const checkedAt = now.toISOString();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<TlsProbe, 'checkedAt'>) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve({ checkedAt, ...result });
    };
    // Verification is read from the socket rather than enforced, so an untrusted certificate is
    // described instead of ending the handshake unseen.
    const socket = connect({ host, port, servername: isIp(host) ? undefined : host, rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] });
    socket.setTimeout(timeoutMs, () =>
      finish({ protocol: null, trusted: false, issuer: null, validTo: null, problem: `No answer within ${timeoutMs / 1000} seconds` }),
    );
    socket.once('error', (err: NodeJS.ErrnoException) =>
      finish({ protocol: null, trusted: false, issuer: null, validTo: null, problem: err.code ?? err.message }),
    );
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      const issuer = cert?.issuer ? (first(cert.issuer.O) ?? first(cert.issuer.CN) ?? null) : null;
      finish({
        protocol: socket.getProtocol() ?? null,
        trusted: socket.authorized,
        issuer,
        validTo: cert?.valid_to ? new Date(cert.valid_to).toISOString() : null,
        problem: socket.authorized ? null : String(socket.authorizationError ?? 'Certificate not trusted'),
      });
    });
  });
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function isIp(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.includes(':');
}
