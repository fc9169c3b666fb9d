import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FtpTransferSchema, ProblemSchema, type FtpTransfer } from '@fonrisk/contracts';
import { readCookie, XSRF_COOKIE, XSRF_HEADER } from '../../../lib/api-client.ts';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { storedToken } from '../../../lib/session.ts';
import { toastStore } from '../../../lib/toast.ts';
import { FTP_MESSAGES as M } from '../messages.ts';
import { ftpKey } from './get-connections.ts';

export interface UploadToConnectionInput {
  readonly connectionId: number;
  readonly file: File;
  /** 0..100 while the browser sends the file. */
  readonly onProgress: (pct: number) => void;
}

/**
 * POST ftp/connections/{id}/upload (multipart, field `file`). XMLHttpRequest rather than fetch:
 * only it reports upload progress. Failures toast the problem's Turkish detail.
 */
export function uploadToConnection({
  connectionId,
  file,
  onProgress,
}: UploadToConnectionInput): Promise<FtpTransfer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(
      'POST',
      `${runtimeConfig().apiBaseUrl}ftp/connections/${String(connectionId)}/upload`,
    );
    const token = storedToken();
    if (token !== null) request.setRequestHeader('Authorization', `Bearer ${token}`);
    const xsrf = readCookie(document.cookie, XSRF_COOKIE);
    if (xsrf !== null) request.setRequestHeader(XSRF_HEADER, xsrf);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status === 200) {
        resolve(FtpTransferSchema.parse(body));
        return;
      }
      const problem = ProblemSchema.safeParse(body);
      const detail = problem.success ? problem.data.detail : request.statusText;
      toastStore.show('error', detail);
      reject(new Error(detail));
    };
    request.onerror = () => {
      toastStore.show('error', M.uploadFailed);
      reject(new Error(M.uploadFailed));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

export function useUploadToConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadToConnection,
    onSettled: () => client.invalidateQueries({ queryKey: [...ftpKey, 'transfers'] }),
  });
}
