import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Transform, Writable } from 'node:stream';

/** A writable that spools to `path` while counting bytes and computing SHA-256. */
export function hashingSink(path: string) {
  const hash = createHash('sha256');
  let size = 0;
  const file = createWriteStream(path);
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      if (file.write(chunk)) callback();
      else file.once('drain', () => callback());
    },
    final(callback) {
      file.end(() => callback());
    },
    destroy(error, callback) {
      file.destroy();
      callback(error);
    },
  });
  return { stream, result: () => ({ size, checksum: hash.digest('hex') }) };
}

/**
 * Counts and hashes what passes through. A transform, not a PassThrough with a 'data' listener:
 * such a listener starts the flow at once, so every chunk read before the remote side attached
 * (an FTP upload first opens its data connection) was counted but never sent (an empty file).
 */
export function hashingPassThrough() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, checksum: hash.digest('hex') }) };
}
