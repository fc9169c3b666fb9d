import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressAssets } from './precompress-assets.ts';

/** Runs the plugin's two hooks as Vite's build calls them, for a build into `outDir`. */
function runPlugin(root: string, outDir: string): void {
  const plugin = precompressAssets();
  const configResolved = plugin.configResolved as (config: unknown) => void;
  const closeBundle = plugin.closeBundle as () => void;
  configResolved({ root, build: { outDir, assetsDir: 'assets' } });
  closeBundle();
}

describe('precompressAssets (decision 0124)', () => {
  const made: string[] = [];
  afterEach(async () => {
    for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  async function build(): Promise<{ root: string; out: string; big: string }> {
    const root = await mkdtemp(join(tmpdir(), 'fonrisk-web-root-'));
    const out = await mkdtemp(join(tmpdir(), 'fonrisk-web-out-'));
    made.push(root, out);
    await mkdir(join(out, 'assets'));
    const big = `console.log("${'ğ'.repeat(1000)}")`;
    await writeFile(join(out, 'assets', 'big.js'), big);
    await writeFile(join(out, 'assets', 'small.js'), 'console.log(1)');
    await writeFile(join(out, 'assets', 'logo.png'), Buffer.alloc(4096, 1));
    return { root, out, big };
  }

  it('writes a .br and a .gz of each text file of 1 KB or more, decoding to the file', async () => {
    const { root, out, big } = await build();
    runPlugin(root, relative(root, out));
    const files = (await readdir(join(out, 'assets'))).sort();
    expect(files).toEqual(['big.js', 'big.js.br', 'big.js.gz', 'logo.png', 'small.js']);
    const br = await readFile(join(out, 'assets', 'big.js.br'));
    expect(brotliDecompressSync(br).toString()).toBe(big);
    const gz = await readFile(join(out, 'assets', 'big.js.gz'));
    expect(gunzipSync(gz).toString()).toBe(big);
  });

  it('finds the build folder when it is given as an absolute path (vite build --outDir /x)', async () => {
    const { root, out } = await build();
    runPlugin(root, out);
    expect(await readdir(join(out, 'assets'))).toContain('big.js.br');
  });
});
