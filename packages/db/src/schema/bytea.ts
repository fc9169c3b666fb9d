import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL `bytea`, read and written as a Node Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});
