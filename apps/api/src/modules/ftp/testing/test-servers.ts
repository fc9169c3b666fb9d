/**
 * Real FTP, FTPS and SFTP servers on local ports for the tests of issue 16: ftp-srv (FTP,
 * explicit and implicit FTPS with a certificate generated at start) and an SFTP server built on
 * ssh2's Server over a temporary folder. Faults the tests need are switches on the handles:
 * folders that answer "permission denied", a connection that vanishes after N bytes of a file.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, promises as fsp, rmSync, type Stats } from 'node:fs';
import { createServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, posix, resolve, sep } from 'node:path';
import { FileSystem, FtpSrv } from 'ftp-srv';
import selfsigned from 'selfsigned';
import ssh2 from 'ssh2';

const { Server: SshServer, utils } = ssh2;
const { STATUS_CODE, flagsToString } = utils.sftp;

export interface TestCertificate {
  readonly key: string;
  readonly cert: string;
}

/** A self-signed certificate for 127.0.0.1 and localhost, generated for this test run. */
export async function generateCertificate(): Promise<TestCertificate> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

export function tempRoot(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `fonrisk-${prefix}-`));
}

/** Switches shared by both servers. */
export interface Faults {
  /** Remote paths (absolute, POSIX) that answer "permission denied". */
  denied: Set<string>;
  /** Cut the connection of the next `times` downloads after `afterBytes` bytes. */
  vanish: { afterBytes: number; times: number } | null;
}

export interface TestServer {
  readonly port: number;
  readonly root: string;
  readonly faults: Faults;
  /** Writes a file under the server's root (path relative to it). */
  put(path: string, content: string | Buffer): Promise<void>;
  read(path: string): Promise<Buffer>;
  remove(path: string): Promise<void>;
  exists(path: string): Promise<boolean>;
  close(): Promise<void>;
}

function newFaults(): Faults {
  return { denied: new Set(), vanish: null };
}

function helpers(root: string) {
  return {
    async put(path: string, content: string | Buffer) {
      const full = join(root, path);
      await fsp.mkdir(resolve(full, '..'), { recursive: true });
      await fsp.writeFile(full, content);
    },
    read: (path: string) => fsp.readFile(join(root, path)),
    remove: (path: string) => fsp.rm(join(root, path)),
    exists: (path: string) =>
      fsp.stat(join(root, path)).then(
        () => true,
        () => false,
      ),
  };
}

const silentLog = {
  child: () => silentLog,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  fatal: () => undefined,
};

export interface FtpServerOptions {
  readonly username: string;
  readonly password: string;
  /** Explicit FTPS (AUTH TLS) when given; implicit with `implicit`. */
  readonly certificate?: TestCertificate;
  readonly implicit?: boolean;
}

/** ftp-srv on 127.0.0.1 with passive ports of its own. */
export async function startFtpServer(options: FtpServerOptions): Promise<TestServer> {
  const root = tempRoot('ftp');
  const faults = newFaults();
  const port = await freePort();
  const pasvMin = await freePort();
  const sockets = new Set<Socket>();
  const scheme = options.implicit ? 'ftps' : 'ftp';
  const server = new FtpSrv({
    url: `${scheme}://127.0.0.1:${port}`,
    pasv_url: '127.0.0.1',
    pasv_min: pasvMin,
    pasv_max: pasvMin + 20,
    anonymous: false,
    greeting: 'Fonrisk test FTP',
    log: silentLog,
    tls: options.certificate
      ? { key: options.certificate.key, cert: options.certificate.cert }
      : false,
  });

  class FaultyFileSystem extends FileSystem {
    private check(path: string | undefined) {
      const target = posix.resolve(this.cwd, path ?? '.');
      if (faults.denied.has(target)) {
        const error = Object.assign(new Error(`Permission denied: ${target}`), { code: 'EACCES' });
        throw error;
      }
    }
    override list(path?: string) {
      this.check(path);
      return super.list(path);
    }
    override chdir(path?: string) {
      this.check(path);
      return super.chdir(path);
    }
    override async read(fileName: string, opts?: { start?: unknown }) {
      this.check(fileName);
      const result = (await super.read(fileName, opts)) as { stream: NodeJS.ReadableStream };
      const vanish = faults.vanish;
      if (vanish && vanish.times > 0) {
        vanish.times--;
        let sent = 0;
        result.stream.on('data', (chunk: Buffer) => {
          sent += chunk.length;
          if (sent >= vanish.afterBytes) {
            for (const socket of sockets) socket.destroy();
          }
        });
      }
      return result;
    }
  }

  server.on('login', ({ connection, username, password }, accept, reject) => {
    if (username !== options.username || password !== options.password) {
      reject(new Error('Login incorrect'));
      return;
    }
    accept({ fs: new FaultyFileSystem(connection, { root, cwd: '/' }) });
  });
  server.on('client-error', () => undefined);
  // Every socket of every client (control and data), so that "vanish" can cut them all.
  const original = (server as unknown as { server: NetServer }).server;
  await server.listen();
  original.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    port,
    root,
    faults,
    ...helpers(root),
    async close() {
      for (const socket of sockets) socket.destroy();
      await (server.close() as Promise<unknown>).catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export interface SftpServerOptions {
  readonly username: string;
  readonly password?: string;
  /** OpenSSH public key accepted for key authentication. */
  readonly publicKey?: string;
  /** The server's host key (OpenSSH private key); a new one per server when absent. */
  readonly hostKey?: string;
  /** Listen on this port (to bring a server back on the same address). */
  readonly port?: number;
  readonly root?: string;
}

export interface SftpTestServer extends TestServer {
  readonly hostKey: string;
}

/**
 * An ed25519 key pair that ssh2 itself can read back. ssh2's key generation strips leading zero
 * bytes from the public key, so about 1 pair in 256 cannot be parsed ("Malformed OpenSSH
 * private key", mscdex/ssh2#1390 and #1513): such a pair is drawn again.
 */
export function generateKeyPair(options?: {
  readonly passphrase: string;
  readonly cipher: string;
  readonly rounds: number;
}): { readonly private: string; readonly public: string } {
  for (;;) {
    const pair = options
      ? utils.generateKeyPairSync('ed25519', options)
      : utils.generateKeyPairSync('ed25519');
    const readable =
      !(utils.parseKey(pair.public) instanceof Error) &&
      !(utils.parseKey(pair.private, options?.passphrase) instanceof Error);
    if (readable) return pair;
  }
}

export function generateHostKey(): string {
  return generateKeyPair().private;
}

function publicKeyOf(text: string): ssh2.ParsedKey {
  const parsed = utils.parseKey(text);
  if (parsed instanceof Error) throw parsed;
  return Array.isArray(parsed) ? (parsed as ssh2.ParsedKey[])[0]! : parsed;
}

function longname(name: string, stats: Stats): string {
  const kind = stats.isDirectory() ? 'd' : '-';
  return `${kind}rw-r--r-- 1 test test ${stats.size} Jan 01 00:00 ${name}`;
}

function attrsOf(stats: Stats) {
  return {
    mode: stats.mode,
    uid: 0,
    gid: 0,
    size: stats.size,
    atime: Math.floor(stats.atimeMs / 1000),
    mtime: Math.floor(stats.mtimeMs / 1000),
  };
}

/** An SFTP server (ssh2's Server) over a temporary folder. */
export async function startSftpServer(options: SftpServerOptions): Promise<SftpTestServer> {
  const root = options.root ?? tempRoot('sftp');
  const faults = newFaults();
  const hostKey = options.hostKey ?? generateHostKey();
  const allowedKey = options.publicKey ? publicKeyOf(options.publicKey) : null;
  const sockets = new Set<Socket>();
  const local = (path: string) => {
    const normal = posix.resolve('/', path);
    const full = resolve(root, `.${normal}`);
    if (full !== root && !full.startsWith(root + sep)) throw new Error('outside root');
    return { normal, full };
  };

  const server = new SshServer({ hostKeys: [hostKey] }, (client) => {
    client.on('error', () => undefined);
    client.on('authentication', (ctx) => {
      const methods: ssh2.AuthenticationType[] = ['password', 'publickey'];
      if (ctx.username !== options.username) {
        ctx.reject(methods);
      } else if (ctx.method === 'password' && options.password !== undefined) {
        if (ctx.password === options.password) ctx.accept();
        else ctx.reject(methods);
      } else if (ctx.method === 'publickey' && allowedKey) {
        const matches =
          ctx.key.algo === allowedKey.type && allowedKey.getPublicSSH().equals(ctx.key.data);
        if (!matches) ctx.reject(methods);
        else if (!ctx.signature || !ctx.blob) ctx.accept();
        else if (allowedKey.verify(ctx.blob, ctx.signature, ctx.hashAlgo)) ctx.accept();
        else ctx.reject(methods);
      } else {
        ctx.reject(methods);
      }
    });
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        session.on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          const handles = new Map<
            number,
            {
              fd?: fsp.FileHandle;
              dir?: string;
              listed?: boolean;
              path: string;
              read: number;
              cutAt: number | null;
            }
          >();
          let next = 1;
          const handle = (entry: {
            fd?: fsp.FileHandle;
            dir?: string;
            path: string;
            cutAt: number | null;
          }) => {
            const id = next++;
            handles.set(id, { ...entry, read: 0 });
            const buf = Buffer.alloc(4);
            buf.writeUInt32BE(id);
            return buf;
          };
          const lookup = (buf: Buffer) =>
            buf.length === 4 ? handles.get(buf.readUInt32BE(0)) : undefined;
          const fail = (reqid: number, error: unknown) => {
            const code = (error as { code?: string }).code;
            sftp.status(
              reqid,
              code === 'ENOENT'
                ? STATUS_CODE.NO_SUCH_FILE
                : code === 'EACCES'
                  ? STATUS_CODE.PERMISSION_DENIED
                  : STATUS_CODE.FAILURE,
              (error as Error).message,
            );
          };
          const guard = (normal: string) => {
            if (faults.denied.has(normal)) {
              throw Object.assign(new Error('Permission denied'), { code: 'EACCES' });
            }
          };
          sftp.on('REALPATH', (reqid, path) => {
            const normal = posix.resolve('/', path);
            sftp.name(reqid, [{ filename: normal, longname: normal, attrs: {} as never }]);
          });
          const stat = (reqid: number, path: string) => {
            void (async () => {
              try {
                const { full } = local(path);
                sftp.attrs(reqid, attrsOf(await fsp.stat(full)));
              } catch (error) {
                fail(reqid, error);
              }
            })();
          };
          sftp.on('STAT', stat);
          sftp.on('LSTAT', stat);
          sftp.on('FSTAT', (reqid, buf) => {
            const entry = lookup(buf);
            if (!entry?.fd) {
              sftp.status(reqid, STATUS_CODE.FAILURE);
              return;
            }
            void entry.fd.stat().then(
              (s) => sftp.attrs(reqid, attrsOf(s)),
              (e: unknown) => fail(reqid, e),
            );
          });
          sftp.on('OPENDIR', (reqid, path) => {
            void (async () => {
              try {
                const { normal, full } = local(path);
                guard(normal);
                if (!(await fsp.stat(full)).isDirectory())
                  throw Object.assign(new Error('not a dir'), { code: 'ENOENT' });
                sftp.handle(reqid, handle({ dir: full, path: normal, cutAt: null }));
              } catch (error) {
                fail(reqid, error);
              }
            })();
          });
          sftp.on('READDIR', (reqid, buf) => {
            const entry = lookup(buf);
            if (!entry?.dir) {
              sftp.status(reqid, STATUS_CODE.FAILURE);
              return;
            }
            if (entry.listed) {
              sftp.status(reqid, STATUS_CODE.EOF);
              return;
            }
            entry.listed = true;
            void (async () => {
              const names = await fsp.readdir(entry.dir!);
              const list = await Promise.all(
                names.map(async (name) => {
                  const stats = await fsp.stat(join(entry.dir!, name));
                  return { filename: name, longname: longname(name, stats), attrs: attrsOf(stats) };
                }),
              );
              if (list.length === 0) sftp.status(reqid, STATUS_CODE.EOF);
              else sftp.name(reqid, list);
            })();
          });
          sftp.on('OPEN', (reqid, filename, flags) => {
            void (async () => {
              try {
                const { normal, full } = local(filename);
                guard(normal);
                const mode = flagsToString(flags) ?? 'r';
                const fd = await fsp.open(full, mode);
                let cutAt: number | null = null;
                if (mode === 'r' && faults.vanish && faults.vanish.times > 0) {
                  faults.vanish.times--;
                  cutAt = faults.vanish.afterBytes;
                }
                sftp.handle(reqid, handle({ fd, path: normal, cutAt }));
              } catch (error) {
                fail(reqid, error);
              }
            })();
          });
          sftp.on('READ', (reqid, buf, offset, length) => {
            const entry = lookup(buf);
            if (!entry?.fd) {
              sftp.status(reqid, STATUS_CODE.FAILURE);
              return;
            }
            void (async () => {
              if (entry.cutAt !== null && entry.read >= entry.cutAt) {
                for (const socket of sockets) socket.destroy();
                return;
              }
              const data = Buffer.alloc(length);
              const { bytesRead } = await entry.fd!.read(data, 0, length, offset);
              entry.read += bytesRead;
              if (bytesRead === 0) sftp.status(reqid, STATUS_CODE.EOF);
              else sftp.data(reqid, data.subarray(0, bytesRead));
            })().catch((error: unknown) => fail(reqid, error));
          });
          sftp.on('WRITE', (reqid, buf, offset, data) => {
            const entry = lookup(buf);
            if (!entry?.fd) {
              sftp.status(reqid, STATUS_CODE.FAILURE);
              return;
            }
            void entry.fd.write(data, 0, data.length, offset).then(
              () => sftp.status(reqid, STATUS_CODE.OK),
              (e: unknown) => fail(reqid, e),
            );
          });
          sftp.on('CLOSE', (reqid, buf) => {
            const entry = lookup(buf);
            if (!entry) {
              sftp.status(reqid, STATUS_CODE.FAILURE);
              return;
            }
            handles.delete(buf.readUInt32BE(0));
            void (entry.fd ? entry.fd.close() : Promise.resolve()).then(() =>
              sftp.status(reqid, STATUS_CODE.OK),
            );
          });
          sftp.on('RENAME', (reqid, from, to) => {
            void (async () => {
              try {
                const a = local(from);
                const b = local(to);
                guard(a.normal);
                guard(b.normal);
                await fsp.rename(a.full, b.full);
                sftp.status(reqid, STATUS_CODE.OK);
              } catch (error) {
                fail(reqid, error);
              }
            })();
          });
          sftp.on('MKDIR', (reqid, path) => {
            void (async () => {
              try {
                const { normal, full } = local(path);
                guard(normal);
                await fsp.mkdir(full);
                sftp.status(reqid, STATUS_CODE.OK);
              } catch (error) {
                fail(reqid, error);
              }
            })();
          });
          sftp.on('REMOVE', (reqid, path) => {
            void fsp.rm(local(path).full).then(
              () => sftp.status(reqid, STATUS_CODE.OK),
              (e: unknown) => fail(reqid, e),
            );
          });
        });
      });
    });
  });
  (server as unknown as { _srv: NetServer })._srv.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(options.port ?? 0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    root,
    faults,
    hostKey,
    ...helpers(root),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** A TCP server that accepts and never answers (for timeouts). */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** Random bytes written in chunks to a file of `size` bytes (the 50 MB test). */
export async function writeLargeFile(path: string, size: number): Promise<void> {
  const handle = await fsp.open(path, 'w');
  try {
    const chunk = randomBytes(1024 * 1024);
    for (let written = 0; written < size; written += chunk.length) {
      await handle.write(chunk, 0, Math.min(chunk.length, size - written));
    }
  } finally {
    await handle.close();
  }
}
