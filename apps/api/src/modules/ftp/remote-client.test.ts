import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnsafeRemotePathError } from './ftp.errors.ts';
import { openRemoteSession, remotePath, type RemoteSettings } from './remote-client.ts';
import {
  generateCertificate,
  generateKeyPair,
  startFtpServer,
  startSftpServer,
  tempRoot,
  writeLargeFile,
  type SftpTestServer,
  type TestCertificate,
  type TestServer,
} from './testing/test-servers.ts';

const USER = 'dagitici';
const PASSWORD = 'Parola-123-abc';
const FIFTY_MB = 50 * 1024 * 1024;

const sha256 = async (path: string) => {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

// A full garbage collection before each sample, so that the samples count live memory only.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Below a copy of the file held in memory, with room for the in-process servers' buffers. */
const HELD_FILE_LIMIT = FIFTY_MB * 0.7;

/** The shortest pause between two timed samples. */
const SAMPLE_MS = 250;

/** Where the bytes of a transfer are sampled too: a copy held then would be nearly whole. */
const CHECKPOINTS = [0.5, 0.95];

/**
 * Peak growth of live heap and Buffer memory while `work` runs. A transfer that held the 50 MB
 * file in memory would grow by at least 50 MB; a streamed one stays around its buffers (both
 * ends run in this process, so the test server's own buffers count too: 5 to 15 MB here).
 *
 * Each sample is a full collection of this test process's heap, which vitest shares with the
 * files before this one (decision 0072): 30 ms on a fresh heap, 70 ms after one other file, and
 * far more on a large heap on a busy machine. Taken every 250 ms whatever they cost, the
 * collections took the process over: the SFTP case ran 20–46 s in `npm test` (7 s alone), and on
 * a heap grown by 4 million small objects both cases ran out of their 2 minutes, as they did in a
 * whole `npm test` at a slow hour. So the timed samples pause at least three times a sample's own
 * time (the collections take at most a quarter of the transfer's time), and `work` gets a
 * `checkpoint` that samples when the bytes pass CHECKPOINTS of the file, wherever the clock is:
 * an upload that read the file whole before sending, or a download kept whole before writing,
 * is caught there even when a timed sample would fall before or after it.
 */
async function peakGrowth(work: (checkpoint: () => Transform) => Promise<void>): Promise<number> {
  let sampleMs = 0;
  const used = () => {
    const started = performance.now();
    gc();
    const m = process.memoryUsage();
    sampleMs = performance.now() - started;
    return m.heapUsed + m.arrayBuffers;
  };
  const base = used();
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, used() - base);
  };
  // The next timed sample is set only by the one before, so clearing the pending one stops them.
  let timer: NodeJS.Timeout;
  const timed = () => {
    sample();
    timer = setTimeout(timed, Math.max(SAMPLE_MS, 3 * sampleMs));
  };
  timer = setTimeout(timed, SAMPLE_MS);
  try {
    await work(() => byteCheckpoints(FIFTY_MB, sample));
  } finally {
    clearTimeout(timer);
  }
  sample();
  return peak;
}

/** A pass-through that calls `sample` once as its bytes pass each of CHECKPOINTS of `size`. */
function byteCheckpoints(size: number, sample: () => void): Transform {
  let seen = 0;
  const marks = CHECKPOINTS.map((share) => share * size);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      while (marks.length > 0 && seen >= marks[0]!) {
        marks.shift();
        sample();
      }
      done(null, chunk);
    },
  });
}

function settings(overrides: Partial<RemoteSettings>): RemoteSettings {
  return {
    protocol: 'sftp',
    host: '127.0.0.1',
    port: 22,
    username: USER,
    authMethod: 'password',
    password: PASSWORD,
    privateKey: null,
    passphrase: null,
    tlsCaCertificate: null,
    passiveMode: 'auto',
    timeoutSeconds: 10,
    pinnedHostKey: null,
    ...overrides,
  };
}

describe('remotePath', () => {
  it('joins a plain name into its folder and refuses anything that would leave it', () => {
    expect(remotePath('/giden/', 'a.pdf')).toBe('/giden/a.pdf');
    expect(remotePath('giden', 'a.pdf')).toBe('giden/a.pdf');
    for (const [dir, name] of [
      ['/giden/../../etc', 'a.pdf'],
      ['..', 'a.pdf'],
      ['\\etc', 'a.pdf'],
      ['/giden', '../gezinme.txt'],
      ['/giden', 'alt/a.pdf'],
      ['/giden', '..'],
      ['/giden', 'a\u0007.pdf'],
    ]) {
      expect(() => remotePath(dir!, name!), `${dir} ${name}`).toThrow(UnsafeRemotePathError);
    }
    expect(() => remotePath('/giden', '../x')).toThrow(
      "Dosya adı '../x' kullanılamaz: klasör içeremez; yalnız dosya adı. Hiçbir dosya aktarılmadı.",
    );
  });
});

describe('remote sessions', () => {
  let sftp: SftpTestServer;
  let ftp: TestServer;
  let implicit: TestServer;
  let certificate: TestCertificate;
  const keys = generateKeyPair({
    passphrase: 'anahtar-parolasi',
    cipher: 'aes256-ctr',
    rounds: 16,
  });
  const work = tempRoot('large');
  const source = join(work, 'buyuk.bin');

  beforeAll(async () => {
    certificate = await generateCertificate();
    sftp = await startSftpServer({ username: USER, password: PASSWORD, publicKey: keys.public });
    ftp = await startFtpServer({ username: USER, password: PASSWORD });
    implicit = await startFtpServer({
      username: USER,
      password: PASSWORD,
      certificate,
      implicit: true,
    });
    await writeLargeFile(source, FIFTY_MB);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([sftp.close(), ftp.close(), implicit.close()]);
    await rm(work, { recursive: true, force: true });
  });

  it('SFTP logs in with a passphrase-protected private key and shows the host key fingerprint', async () => {
    await sftp.put('gelen/a.csv', 'x');
    const session = await openRemoteSession(
      settings({
        port: sftp.port,
        authMethod: 'privateKey',
        password: null,
        privateKey: keys.private,
        passphrase: 'anahtar-parolasi',
      }),
    );
    try {
      expect(session.hostKeyFingerprint).toMatch(/^SHA256:/);
      expect(await session.list('/gelen')).toEqual([{ name: 'a.csv', size: 1, isFile: true }]);
    } finally {
      await session.close();
    }
    await expect(
      openRemoteSession(
        settings({
          port: sftp.port,
          authMethod: 'privateKey',
          password: null,
          privateKey: keys.private,
          passphrase: 'yanlis',
        }),
      ),
    ).rejects.toMatchObject({
      reason: 'login',
      message: expect.stringContaining('anahtar parolası yanlış') as string,
    });
  });

  it('implicit FTPS trusts the given certificate', async () => {
    await implicit.put('gelen/b.csv', 'yy');
    const session = await openRemoteSession(
      settings({
        protocol: 'ftps-implicit',
        port: implicit.port,
        tlsCaCertificate: certificate.cert,
      }),
    );
    try {
      expect(await session.list('/gelen')).toEqual([{ name: 'b.csv', size: 2, isFile: true }]);
    } finally {
      await session.close();
    }
    await expect(
      openRemoteSession(settings({ protocol: 'ftps-implicit', port: implicit.port })),
    ).rejects.toMatchObject({ reason: 'tlsCertificate' });
  });

  for (const [label, protocol] of [
    ['SFTP', 'sftp'],
    ['FTP (PASV)', 'ftp'],
  ] as const) {
    it(`${label} streams a 50 MB file both ways without holding it in memory`, async () => {
      const server = protocol === 'sftp' ? sftp : ftp;
      const session = await openRemoteSession(
        settings({ protocol, port: server.port, passiveMode: 'pasv' }),
      );
      const back = join(work, `geri-${protocol}.bin`);
      try {
        const up = await peakGrowth((checkpoint) =>
          session.upload(createReadStream(source).pipe(checkpoint()), '/buyuk.bin'),
        );
        const down = await peakGrowth(async (checkpoint) => {
          const bytes = checkpoint();
          const file = createWriteStream(back);
          bytes.pipe(file);
          await session.download('/buyuk.bin', bytes);
          await finished(file);
        });
        // Holding the file would grow memory by 50 MB or more. The test servers run in this
        // process, so their own stream buffers (the SSH window) count too: up to ~27 MB seen.
        expect(up, `upload grew memory by ${up} bytes`).toBeLessThan(HELD_FILE_LIMIT);
        expect(down, `download grew memory by ${down} bytes`).toBeLessThan(HELD_FILE_LIMIT);
      } finally {
        await session.close();
      }
      const expected = await sha256(source);
      expect(
        createHash('sha256')
          .update(await readFile(join(server.root, 'buyuk.bin')))
          .digest('hex'),
      ).toBe(expected);
      expect(await sha256(back)).toBe(expected);
    }, 120_000);
  }
});
