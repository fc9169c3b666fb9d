import { z } from 'zod';

/** A record id from a path or query string ("42"), with the Turkish message for anything else. */
export function idSchema(message: string) {
  return z.coerce.number({ error: message }).int(message).positive(message);
}
