import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Test-only certificates, made with the openssl CLI in a temp dir at test time: no private key is
 * committed. A bank CA issues the sandbox's server certificate; a TPP CA issues the business
 * certificates the sandbox trusts; a rogue CA issues one it does not.
 */

export interface Issued {
  /** PEM certificate file. */
  cert: string;
  /** PEM (PKCS#8, unencrypted) private key file. */
  key: string;
  /** The same certificate as a binary DER `.cer`. */
  der: string;
  /** Serial as openssl was told it, hex. */
  serial: string;
}

export interface Pki {
  dir: string;
  bankCa: Issued;
  tppCa: Issued;
  rogueCa: Issued;
  /** Server certificate for 127.0.0.1 and localhost. CAs last ten years, the others 30 days. */
  server: Issued;
  client: Issued;
  expired: Issued;
  rogue: Issued;
  revoked: Issued;
  blocked: Issued;
  /** A separate signing certificate (a QSealC in production), from the TPP CA. */
  seal: Issued;
  /** The business certificate of the business interfaces and the webhooks service (business spec part 5). */
  business: Issued;
  cleanup(): void;
}

export function opensslAvailable(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

export function createPki(): Pki {
  const dir = mkdtempSync(path.join(tmpdir(), 'greidsla-pki-'));
  const file = (name: string) => path.join(dir, name);

  const toDer = (name: string) => {
    openssl(['x509', '-in', file(`${name}.pem`), '-outform', 'DER', '-out', file(`${name}.cer`)], dir);
  };

  const makeCa = (name: string, subject: string, serial: string): Issued => {
    openssl(
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        file(`${name}.key`),
        '-out',
        file(`${name}.pem`),
        '-days',
        '3650',
        '-subj',
        subject,
        '-set_serial',
        `0x${serial}`,
        '-addext',
        'basicConstraints=critical,CA:TRUE',
        '-addext',
        'keyUsage=critical,keyCertSign,cRLSign',
      ],
      dir,
    );
    toDer(name);
    return { cert: file(`${name}.pem`), key: file(`${name}.key`), der: file(`${name}.cer`), serial };
  };

  const request = (name: string, subject: string) => {
    openssl(
      [
        'req',
        '-new',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        file(`${name}.key`),
        '-out',
        file(`${name}.csr`),
        '-subj',
        subject,
      ],
      dir,
    );
  };

  const issue = (
    name: string,
    options: { ca: Issued; subject: string; serial: string; extensions: string },
  ): Issued => {
    request(name, options.subject);
    writeFileSync(file(`${name}.ext`), options.extensions);
    openssl(
      [
        'x509',
        '-req',
        '-in',
        file(`${name}.csr`),
        '-CA',
        options.ca.cert,
        '-CAkey',
        options.ca.key,
        '-set_serial',
        `0x${options.serial}`,
        '-days',
        '30',
        '-sha256',
        '-extfile',
        file(`${name}.ext`),
        '-out',
        file(`${name}.pem`),
      ],
      dir,
    );
    toDer(name);
    return {
      cert: file(`${name}.pem`),
      key: file(`${name}.key`),
      der: file(`${name}.cer`),
      serial: options.serial,
    };
  };

  // A website certificate secures the TPP's domain (the notification URIs it may give: payment spec part 6).
  const clientExtensions =
    'subjectAltName=DNS:greidsla.example,DNS:*.greidsla.example\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=clientAuth\n';

  /** A certificate whose validity ended in 2020: `openssl ca` is the one 3.0 command that takes dates. */
  const issueExpired = (name: string, ca: Issued, subject: string, serial: string): Issued => {
    request(name, subject);
    const caDir = file(`${name}-ca`);
    mkdirSync(caDir);
    writeFileSync(path.join(caDir, 'index.txt'), '');
    writeFileSync(path.join(caDir, 'serial'), `${serial}\n`);
    writeFileSync(
      file(`${name}.cnf`),
      [
        '[ca]',
        'default_ca = test',
        '[test]',
        `database = ${path.join(caDir, 'index.txt')}`,
        `serial = ${path.join(caDir, 'serial')}`,
        `new_certs_dir = ${caDir}`,
        `certificate = ${ca.cert}`,
        `private_key = ${ca.key}`,
        'default_md = sha256',
        'policy = any',
        'unique_subject = no',
        'x509_extensions = ext',
        '[any]',
        'commonName = supplied',
        'organizationName = optional',
        'countryName = optional',
        '[ext]',
        'keyUsage = critical,digitalSignature,keyEncipherment',
        'extendedKeyUsage = clientAuth',
        '',
      ].join('\n'),
    );
    openssl(
      [
        'ca',
        '-batch',
        '-config',
        file(`${name}.cnf`),
        '-in',
        file(`${name}.csr`),
        '-out',
        file(`${name}.pem`),
        '-startdate',
        '20200101000000Z',
        '-enddate',
        '20200201000000Z',
        '-notext',
      ],
      dir,
    );
    toDer(name);
    return { cert: file(`${name}.pem`), key: file(`${name}.key`), der: file(`${name}.cer`), serial };
  };

  const bankCa = makeCa('bank-ca', '/C=IS/O=Sandbox Bank/CN=Sandbox Bank Test CA', '0B01');
  const tppCa = makeCa('tpp-ca', '/C=IS/O=Sandbox Trust Services/CN=Sandbox TPP Test CA 2026', '0C01');
  const rogueCa = makeCa('rogue-ca', '/C=IS/O=Nobody/CN=Unknown Test CA', '0D01');
  const server = issue('server', {
    ca: bankCa,
    subject: '/C=IS/O=Sandbox Bank/CN=localhost',
    serial: '5E01',
    extensions:
      'subjectAltName=IP:127.0.0.1,DNS:localhost\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n',
  });
  const tpp = (name: string, serial: string, ca = tppCa) =>
    issue(name, {
      ca,
      subject: `/C=IS/O=Greidsla ehf./CN=Greidsla ${name}`,
      serial,
      extensions: clientExtensions,
    });
  const client = tpp('client', '2A01');
  const rogue = tpp('rogue', '2A02', rogueCa);
  const revoked = tpp('revoked', '2A03');
  const blocked = tpp('blocked', '2A04');
  const seal = tpp('seal', '2A05');
  const business = tpp('business', '2A07');
  const expired = issueExpired('expired', tppCa, '/C=IS/O=Greidsla ehf./CN=Greidsla expired', '2A06');
  return {
    dir,
    bankCa,
    tppCa,
    rogueCa,
    server,
    client,
    expired,
    rogue,
    revoked,
    blocked,
    seal,
    business,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export function read(file: string): string {
  return readFileSync(file, 'utf8');
}
