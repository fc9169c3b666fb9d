import { api } from '../../../lib/api-client.ts';

/** GET ftp/transfers/{id}/file: the rejected file as it was pulled. */
export async function downloadTransferFile(id: number): Promise<void> {
  await api.getFile(`ftp/transfers/${String(id)}/file`);
}
