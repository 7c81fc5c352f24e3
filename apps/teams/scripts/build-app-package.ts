import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { strToU8, zipSync } from 'fflate';

/**
 * `pnpm --filter @clarify/teams package [--app-id <id>] [--out <path>]`: the Teams app package
 * to upload — deploy/teams/manifest.json with `${{TEAMS_APP_ID}}` replaced by the bot's
 * Microsoft App ID (`--app-id`, else `TEAMS_APP_ID`), color.png and outline.png, at the root of
 * deploy/teams/build/clarify-teams.zip (or `--out`).
 */

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const DEFAULT_MANIFEST_DIR = join(REPO_ROOT, 'deploy/teams');
export const DEFAULT_OUT = join(REPO_ROOT, 'deploy/teams/build/clarify-teams.zip');

const PLACEHOLDER = '${{TEAMS_APP_ID}}';
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ICONS = [
  { file: 'color.png', width: 192, height: 192 },
  { file: 'outline.png', width: 32, height: 32 },
] as const;

/** A problem to print as it is: no stack, a non-zero exit. */
export class AppPackageError extends Error {
  override name = 'AppPackageError';
}

export type BuildAppPackageOptions = {
  /** The Azure bot's Microsoft App ID (a GUID). */
  appId: string | undefined;
  /** Where manifest.json and the icons are; deploy/teams/ by default. */
  manifestDir?: string;
  /** The zip to write; deploy/teams/build/clarify-teams.zip by default. */
  out?: string;
};

/** Builds the app package, writes it to `out` and returns where and what it wrote. */
export async function buildAppPackage(
  options: BuildAppPackageOptions,
): Promise<{ out: string; zip: Uint8Array }> {
  const appId = options.appId?.trim();
  if (!appId) {
    throw new AppPackageError(
      'TEAMS_APP_ID is not set: set it (or pass --app-id) to the Azure bot’s Microsoft App ID',
    );
  }
  if (!GUID.test(appId)) {
    throw new AppPackageError(
      'TEAMS_APP_ID is not a GUID: it must be the Azure bot’s Microsoft App ID, like 00000000-0000-0000-0000-000000000000',
    );
  }
  const dir = options.manifestDir ?? DEFAULT_MANIFEST_DIR;
  const out = options.out ?? DEFAULT_OUT;
  const template = await readRequired(join(dir, 'manifest.json'), 'the manifest');
  const manifest = Buffer.from(template).toString('utf8').replaceAll(PLACEHOLDER, appId);
  const left = /\$\{\{[^}]*\}\}/.exec(manifest);
  if (left) {
    throw new AppPackageError(
      `${shown(dir)}/manifest.json has a placeholder no one fills: ${left[0]}`,
    );
  }
  try {
    JSON.parse(manifest);
  } catch (error) {
    throw new AppPackageError(
      `${shown(dir)}/manifest.json is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const files: Record<string, Uint8Array> = { 'manifest.json': strToU8(manifest) };
  for (const icon of ICONS) {
    const path = join(dir, icon.file);
    const bytes = await readRequired(
      path,
      `the icon (redraw the icons with: npx tsx apps/teams/scripts/draw-icons.ts)`,
    );
    const size = pngSize(bytes);
    if (size === null) throw new AppPackageError(`${shown(path)} is not a PNG`);
    if (size.width !== icon.width || size.height !== icon.height) {
      throw new AppPackageError(
        `${shown(path)} is ${size.width}×${size.height}; Teams wants ${icon.width}×${icon.height}`,
      );
    }
    files[icon.file] = bytes;
  }
  const zip = zipSync(files, { level: 9 });
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, zip);
  return { out, zip };
}

/** A PNG's width and height from its IHDR, or null for anything that is not a PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || signature.some((byte, i) => bytes[i] !== byte)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

async function readRequired(path: string, what: string): Promise<Uint8Array> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new AppPackageError(`${shown(path)} is missing: ${what}`);
    }
    throw error;
  }
}

/** A path relative to the repository when it is inside it. */
function shown(path: string): string {
  const inRepo = relative(REPO_ROOT, path);
  return inRepo.startsWith('..') || isAbsolute(inRepo) ? path : inRepo;
}

async function main(args: string[]): Promise<void> {
  const { values } = parseArgs({
    // `pnpm … package -- --app-id x` passes the `--` on.
    args: args[0] === '--' ? args.slice(1) : args,
    options: { 'app-id': { type: 'string' }, out: { type: 'string' } },
    strict: true,
    allowPositionals: false,
  });
  // pnpm runs the script in apps/teams; INIT_CWD is where it was called from.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const { out, zip } = await buildAppPackage({
    appId: values['app-id'] ?? process.env.TEAMS_APP_ID,
    out: values.out === undefined ? undefined : resolve(cwd, values.out),
  });
  console.log(`wrote ${shown(out)} (${zip.length} bytes): manifest.json, color.png, outline.png`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    await main(process.argv.slice(2));
  } catch (error) {
    console.error(
      `clarify-teams package: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 1;
  }
}
