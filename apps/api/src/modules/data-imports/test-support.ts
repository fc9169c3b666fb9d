import {
  instruments,
  marketSeries,
  portfolios,
  type Database,
  type NewInstrumentRow,
} from '@fonrisk/db';
import type { TestApi } from '../../testing/test-api.ts';

/**
 * A multipart/form-data body with one file in the field `file`, as a browser sends it, after the
 * given text fields (each value sent as JSON, as the upload dialog sends `newPortfolios`).
 */
export function multipart(
  content: string | Buffer,
  fileName = 'dosya.csv',
  fields: Readonly<Record<string, unknown>> = {},
) {
  const boundary = '----fonrisk-test-boundary';
  const texts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${JSON.stringify(value)}\r\n`,
  );
  const head = Buffer.from(
    texts.join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([
      head,
      typeof content === 'string' ? Buffer.from(content) : content,
      tail,
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** POSTs a file to imports/{kind} with the test client's anti-forgery headers. */
export function upload(
  api: TestApi,
  token: string,
  kind: string,
  content: string | Buffer,
  query = '',
  fields: Readonly<Record<string, unknown>> = {},
) {
  const body = multipart(content, 'dosya.csv', fields);
  return api.app.inject({
    method: 'POST',
    url: `/api/imports/${kind}${query}`,
    headers: {
      ...api.headers(token),
      'content-type': body.contentType,
    },
    payload: body.payload,
  });
}

export const stock = (code: string, name = code): NewInstrumentRow => ({
  code,
  name,
  mainType: 'stock',
  currency: 'TRY',
  terms: { kind: 'none' },
});

/** Portfolios, instruments and series the tests of this package write against. */
export async function seedMasterData(db: Database, prefix: string): Promise<void> {
  await db.insert(portfolios).values([
    { code: `${prefix}FONA`, name: 'Test Fon A', kind: 'fund', currency: 'TRY' },
    { code: `${prefix}FONB`, name: 'Test Fon B', kind: 'fund', currency: 'TRY' },
    { code: `${prefix}MUS`, name: 'Test Müşteri', kind: 'customer', currency: 'TRY' },
  ]);
  await db
    .insert(instruments)
    .values([
      stock(`${prefix}HIS1`, 'Birinci Hisse'),
      stock(`${prefix}HIS2`, 'İkinci Hisse'),
      { ...stock(`${prefix}MEVD`, 'Vadeli Mevduat'), mainType: 'deposit' },
    ]);
  await db.insert(marketSeries).values([
    { ticker: `${prefix}HIS1`, name: 'Birinci Hisse', kind: 'price', currency: 'TRY' },
    { ticker: `${prefix}HIS2`, name: 'İkinci Hisse', kind: 'price', currency: 'TRY' },
  ]);
}
