import { describe, expect, it } from 'vitest';
import {
  FtpConnectionRequestSchema,
  normaliseRemoteFolder,
  remoteFileNameProblem,
  remoteFilePath,
  remoteFolderProblem,
} from './ftp.ts';

const connection = (folders: Record<string, unknown>) => ({
  name: 'Depo',
  protocol: 'sftp',
  host: '127.0.0.1',
  port: 22,
  username: 'u',
  authMethod: 'password',
  ...folders,
});

/** The field errors of a connection request, as `path: message`. */
function errorsOf(folders: Record<string, unknown>): string[] {
  const parsed = FtpConnectionRequestSchema.safeParse(connection(folders));
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('remote folders (issue 21: no transfer leaves its folder)', () => {
  it('refuses "..", backslashes, NUL and control characters, naming the field', () => {
    expect(errorsOf({ outboundDir: '../../etc' })).toEqual([
      'outboundDir: ".." (üst klasör) içeremez; yol yapılandırılan klasörün dışına çıkamaz',
    ]);
    expect(errorsOf({ inboundDir: '/out/../../../etc' })[0]).toMatch(/^inboundDir: "\.\."/);
    expect(errorsOf({ processedDir: 'islenen/..' })[0]).toMatch(/^processedDir: "\.\."/);
    expect(errorsOf({ outboundDir: '..\\..\\etc' })).toEqual([
      'outboundDir: ters eğik çizgi (\\) içeremez; klasörleri / ile ayırın',
    ]);
    expect(errorsOf({ outboundDir: '/out\u0000/x' })).toEqual([
      'outboundDir: NUL veya denetim karakteri içeremez',
    ]);
    expect(errorsOf({ outboundDir: '/out\n/x' })[0]).toContain('denetim karakteri');
    expect(errorsOf({ outboundDir: '/out\u007f' })[0]).toContain('denetim karakteri');
  });

  it('accepts names that only contain dots, and stores the normalised path', () => {
    expect(remoteFolderProblem('/out/..gizli/a..b/...')).toBeNull();
    const parsed = FtpConnectionRequestSchema.parse(
      connection({ inboundDir: ' /gelen//gunluk/./ ', outboundDir: './giden/', processedDir: '.' }),
    );
    expect(parsed).toMatchObject({
      inboundDir: '/gelen/gunluk',
      outboundDir: 'giden',
      processedDir: '.',
    });
    expect(FtpConnectionRequestSchema.parse(connection({}))).toMatchObject({
      inboundDir: '/',
      outboundDir: '/',
      processedDir: null,
    });
  });

  it('normalises a folder: repeated, trailing slashes and "." parts removed', () => {
    expect(normaliseRemoteFolder('/')).toBe('/');
    expect(normaliseRemoteFolder('//')).toBe('/');
    expect(normaliseRemoteFolder('/./out/')).toBe('/out');
    expect(normaliseRemoteFolder('./')).toBe('.');
    expect(normaliseRemoteFolder('a//b/./c')).toBe('a/b/c');
  });

  it('joins a plain file name into its folder and refuses any other name', () => {
    expect(remoteFilePath('/', 'a.csv')).toBe('/a.csv');
    expect(remoteFilePath('/giden/', 'a.csv')).toBe('/giden/a.csv');
    expect(remoteFilePath('.', 'a.csv')).toBe('a.csv');
    expect(remoteFilePath('giden', 'a.csv')).toBe('giden/a.csv');
    expect(remoteFileNameProblem('a..csv')).toBeNull();
    for (const bad of ['', '.', '..', '../gezinme.txt', 'x/y.csv', 'x\\y.csv', 'a\u0000.csv'])
      expect(remoteFileNameProblem(bad), bad).not.toBeNull();
  });
});
