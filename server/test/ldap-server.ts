import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway OpenLDAP (Debian's slapd) for tests: its own config, an mdb database with a tiny
 * directory, plain LDAP (with StartTLS) on one port and LDAPS on another, with a certificate from a
 * CA made for the run. `.ci/run` installs slapd; without it the tests fail, unless FOLIO_SKIP_LDAP=1.
 */

export const SLAPD = '/usr/sbin/slapd';
export const BASE_DN = 'dc=folio,dc=test';

/** Directory users: name → password ('' = no password: the account cannot bind, like a disabled one). */
export const DIRECTORY_USERS = {
  alice: { password: 'alice-secret', cn: 'Alice Liddell', mail: 'alice@example.com' },
  zhangsan: { password: '张三的密码', cn: '张三', mail: 'zhangsan@example.com' },
  carol: { password: '', cn: 'Carol Disabled', mail: 'carol@example.com' },
  local_dup: { password: 'dup-secret', cn: 'Directory Twin', mail: 'twin@example.com' },
  'john.smith': { password: 'john-secret', cn: 'John Smith', mail: 'john@example.com' },
} as const;

export const READER_DN = `cn=reader,${BASE_DN}`;
export const READER_PASSWORD = 'reader-secret';

export interface LdapServer {
  port: number;
  tlsPort: number;
  /** The CA that signed the server's certificate. */
  caPem: string;
  /** A CA that did not: trusting only it must make TLS fail. */
  otherCaPem: string;
  /** The settings form for this server (plain LDAP), to post to adminSetting/saveLdapConfig. */
  form(overrides?: Record<string, string | number>): Record<string, string | number>;
  stop(): Promise<void>;
}

/** Skip (with a note) only when asked to; a missing slapd otherwise fails the suite. */
export function skipLdapTests(): boolean {
  if (process.env.FOLIO_SKIP_LDAP === '1') {
    console.warn('FOLIO_SKIP_LDAP=1: the LDAP tests against slapd are skipped');
    return true;
  }
  return false;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

function makeCertificates(dir: string): void {
  openssl(dir, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=Folio Test CA', '-keyout', 'ca.key', '-out', 'ca.crt']);
  openssl(dir, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=Other CA', '-keyout', 'other.key', '-out', 'other.crt']);
  openssl(dir, ['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', 'server.key', '-out', 'server.csr']);
  writeFileSync(path.join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl(dir, ['x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2', '-extfile', 'san.ext', '-out', 'server.crt']);
}

function directoryLdif(): string {
  const entries = [
    `dn: ${BASE_DN}\nobjectClass: dcObject\nobjectClass: organization\ndc: folio\no: Folio Test`,
    `dn: ou=people,${BASE_DN}\nobjectClass: organizationalUnit\nou: people`,
    `dn: ${READER_DN}\nobjectClass: organizationalRole\nobjectClass: simpleSecurityObject\ncn: reader\nuserPassword: ${READER_PASSWORD}`,
  ];
  for (const [uid, u] of Object.entries(DIRECTORY_USERS)) {
    const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
    const lines = [
      `dn: uid=${uid},ou=people,${BASE_DN}`,
      'objectClass: inetOrgPerson',
      `uid: ${uid}`,
      `cn:: ${b64(u.cn)}`,
      `sn:: ${b64(u.cn)}`,
      `mail: ${u.mail}`,
    ];
    if (u.password) lines.push(`userPassword:: ${b64(u.password)}`);
    entries.push(lines.join('\n'));
  }
  return entries.join('\n\n') + '\n';
}

function slapdConf(dir: string): string {
  return `include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
pidfile ${dir}/slapd.pid
modulepath /usr/lib/ldap
moduleload back_mdb
TLSCACertificateFile ${dir}/ca.crt
TLSCertificateFile ${dir}/server.crt
TLSCertificateKeyFile ${dir}/server.key
database mdb
maxsize 10485760
suffix "${BASE_DN}"
rootdn "cn=admin,${BASE_DN}"
directory ${dir}/db
access to attrs=userPassword by anonymous auth by * none
access to * by users read by * none
`;
}

async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`slapd exited (${child.exitCode}): ${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`slapd did not listen on ${port}: ${log()}`);
}

export async function startLdapServer(): Promise<LdapServer> {
  if (!existsSync(SLAPD)) {
    throw new Error('slapd is not installed: apt-get install -y slapd ldap-utils (see .ci/run), or set FOLIO_SKIP_LDAP=1 to skip the LDAP tests');
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'folio-slapd-'));
  mkdirSync(path.join(dir, 'db'));
  makeCertificates(dir);
  writeFileSync(path.join(dir, 'slapd.conf'), slapdConf(dir));
  writeFileSync(path.join(dir, 'directory.ldif'), directoryLdif());
  execFileSync('/usr/sbin/slapadd', ['-f', path.join(dir, 'slapd.conf'), '-l', path.join(dir, 'directory.ldif')], { stdio: 'pipe' });

  const port = await freePort();
  const tlsPort = await freePort();
  // -d keeps slapd in the foreground, so it is this process's child and dies with the test run.
  const child = spawn(SLAPD, ['-f', path.join(dir, 'slapd.conf'), '-h', `ldap://127.0.0.1:${port}/ ldaps://127.0.0.1:${tlsPort}/`, '-d', '0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  await waitForPort(port, child, () => stderr);
  await waitForPort(tlsPort, child, () => stderr);

  return {
    port,
    tlsPort,
    caPem: readFileSync(path.join(dir, 'ca.crt'), 'utf8'),
    otherCaPem: readFileSync(path.join(dir, 'other.crt'), 'utf8'),
    form: (overrides = {}) => ({
      host: '127.0.0.1',
      port,
      version: 3,
      security: 'none',
      ca_pem: '',
      base_dn: `ou=people,${BASE_DN}`,
      bind_dn: READER_DN,
      bind_password: READER_PASSWORD,
      search_filter: '(&(objectClass=inetOrgPerson)(uid=%s))',
      user_field: 'uid',
      name_field: 'cn',
      mail_field: 'mail',
      ...overrides,
    }),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
