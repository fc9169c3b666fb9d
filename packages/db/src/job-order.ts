import { randomBytes } from 'node:crypto';

/**
 * Ids that keep jobs in the order they were sent (decision 0079). pg-boss takes a queue's jobs by
 * `priority desc, created_on, id`; every job of one transaction has the same created_on (the
 * transaction's start), so a batch queued in one transaction ran in the order of random UUIDs:
 * a night's runs of one fund were spread over the whole batch, and the worker's cache of market
 * reads (decision 0078) missed four times in five. These ids are UUID version 7 (RFC 9562,
 * section 5.7): 48 bits of Unix milliseconds, then a 12-bit counter in rand_a (section 6.2,
 * method 1) that makes the ids of one process strictly increasing, even within one millisecond;
 * the rest is random. PostgreSQL compares uuids bytewise, i.e. in this order.
 */
export function createJobIdSequence(now: () => number = Date.now): () => string {
  let lastMs = -1;
  let counter = 0;
  return () => {
    const ms = now();
    if (ms > lastMs) {
      lastMs = ms;
      counter = 0;
    } else if (counter < 0xfff) counter++;
    else {
      // 4,096 ids in one millisecond: borrow the next one (still increasing).
      lastMs++;
      counter = 0;
    }
    const bytes = randomBytes(16);
    bytes.writeUIntBE(lastMs, 0, 6);
    bytes[6] = 0x70 | (counter >> 8);
    bytes[7] = counter & 0xff;
    bytes[8] = 0x80 | (bytes[8]! & 0x3f); // variant 10
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
}

/** The process's job ids, increasing in the order they are made. */
export const nextJobId: () => string = createJobIdSequence();
