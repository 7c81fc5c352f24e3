import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppPackage, DEFAULT_MANIFEST_DIR } from '../scripts/build-app-package';
import { drawColorIcon, drawOutlineIcon, type Image } from '../scripts/draw-icons';
import { isAdminCommand } from '../src/bot/parse-activity';

type Command = { title: string; description: string };
type Manifest = {
  $schema: string;
  manifestVersion: string;
  version: string;
  id: string;
  developer: Record<'name' | 'websiteUrl' | 'privacyUrl' | 'termsOfUseUrl', string>;
  name: { short: string; full: string };
  description: { short: string; full: string };
  icons: { color: string; outline: string };
  accentColor: string;
  bots: Array<{
    botId: string;
    scopes: string[];
    supportsFiles: boolean;
    isNotificationOnly: boolean;
    commandLists: Array<{ scopes: string[]; commands: Command[] }>;
  }>;
  validDomains: string[];
  webApplicationInfo: { id: string; resource: string };
  authorization: { permissions: { resourceSpecific: Array<{ name: string; type: string }> } };
};

const deployDir = new URL('../../../deploy/teams/', import.meta.url);
const manifestText = await readFile(new URL('manifest.json', deployDir), 'utf8');
const manifest = JSON.parse(manifestText) as Manifest;
const bot = manifest.bots[0];
const SCOPES = ['personal', 'team', 'groupChat'];
const GUID = '1b4c2f3e-5a6d-4e7f-8a9b-0c1d2e3f4a5b';

/** An 8-bit RGBA PNG (color type 6, no interlace) decoded: IHDR, the IDATs inflated, unfiltered. */
function decodePng(bytes: Uint8Array): Image {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let width = 0;
  let height = 0;
  const idat: Uint8Array[] = [];
  for (let offset = 8; offset < bytes.length;) {
    const length = view.getUint32(offset);
    const type = strFromU8(bytes.subarray(offset + 4, offset + 8), true);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(offset + 8);
      height = view.getUint32(offset + 12);
      expect([...data.subarray(8, 13)], 'bit depth 8, RGBA, no interlace').toEqual([8, 6, 0, 0, 0]);
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 4;
  const rgba = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const left = x >= 4 ? (rgba[y * stride + x - 4] ?? 0) : 0;
      const up = y > 0 ? (rgba[(y - 1) * stride + x] ?? 0) : 0;
      const upLeft = x >= 4 && y > 0 ? (rgba[(y - 1) * stride + x - 4] ?? 0) : 0;
      const paeth = () => {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      };
      const predictor = [0, left, up, (left + up) >> 1, paeth()][filter ?? 0] ?? 0;
      rgba[y * stride + x] = ((raw[y * (stride + 1) + 1 + x] ?? 0) + predictor) & 0xff;
    }
  }
  return { width, height, rgba };
}

/** Width and height straight from the IHDR chunk, which must come first. */
function ihdrSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(strFromU8(bytes.subarray(12, 16), true)).toBe('IHDR');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe('deploy/teams/manifest.json', () => {
  it('is a Teams manifest of schema 1.17 or later', () => {
    const [major = 0, minor = 0] = manifest.manifestVersion.split('.').map(Number);
    expect(major * 1000 + minor).toBeGreaterThanOrEqual(1017);
    expect(manifest.$schema).toContain(`/v${manifest.manifestVersion}/MicrosoftTeams.schema.json`);
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+$/);
    const { websiteUrl, privacyUrl, termsOfUseUrl } = manifest.developer;
    for (const url of [websiteUrl, privacyUrl, termsOfUseUrl]) {
      expect(new URL(url).protocol).toBe('https:');
    }
  });

  it('stays within the schema’s lengths', () => {
    expect(manifest.name.short.length).toBeLessThanOrEqual(30);
    expect(manifest.name.full.length).toBeLessThanOrEqual(100);
    expect(manifest.description.short.length).toBeLessThanOrEqual(80);
    expect(manifest.description.full.length).toBeLessThanOrEqual(4000);
    expect(manifest.accentColor).toMatch(/^#[0-9a-f]{6}$/i);
    for (const list of bot?.commandLists ?? []) {
      for (const command of list.commands) {
        expect(command.title.length).toBeLessThanOrEqual(32);
        expect(command.description.length).toBeLessThanOrEqual(128);
      }
    }
  });

  it('has one conversational bot in personal chats, teams and group chats', () => {
    expect(manifest.bots).toHaveLength(1);
    expect(bot?.scopes).toEqual(expect.arrayContaining(SCOPES));
    expect(bot?.scopes).toHaveLength(SCOPES.length);
    expect(bot?.isNotificationOnly).toBe(false);
    expect(bot?.supportsFiles).toBe(false);
    expect(manifest.validDomains).toEqual([]);
  });

  it('lists exactly the admin commands in every scope, each one the app accepts', () => {
    for (const scope of SCOPES) {
      const lists = bot?.commandLists.filter((list) => list.scopes.includes(scope)) ?? [];
      expect(lists, scope).toHaveLength(1);
      const commands = lists[0]?.commands ?? [];
      expect(commands.map((command) => command.title).sort(), scope).toEqual([
        'reindex',
        'sources',
        'status',
      ]);
      for (const command of commands) {
        expect(isAdminCommand(command.title), command.title).toBe(true);
        expect(command.description, command.title).toMatch(/admins/i);
      }
    }
  });

  it('asks for the resource-specific permission to read channel messages', () => {
    expect(manifest.authorization.permissions.resourceSpecific).toContainEqual({
      name: 'ChannelMessage.Read.Group',
      type: 'Application',
    });
    expect(manifest.webApplicationInfo.resource).toBe('https://RscBasedStoreApp');
  });

  it('leaves the app id to the package builder', () => {
    expect(manifest.id).toBe('${{TEAMS_APP_ID}}');
    expect(bot?.botId).toBe('${{TEAMS_APP_ID}}');
    expect(manifest.webApplicationInfo.id).toBe('${{TEAMS_APP_ID}}');
  });
});

describe('deploy/teams icons', () => {
  const icons = [
    { file: 'color.png', size: 192, draw: drawColorIcon },
    { file: 'outline.png', size: 32, draw: drawOutlineIcon },
  ] as const;

  it('are named by the manifest', () => {
    expect(manifest.icons).toEqual({ color: 'color.png', outline: 'outline.png' });
  });

  for (const icon of icons) {
    it(`${icon.file} is a ${icon.size}×${icon.size} PNG, as draw-icons.ts draws it`, async () => {
      const bytes = await readFile(new URL(icon.file, deployDir));
      expect(ihdrSize(bytes)).toEqual({ width: icon.size, height: icon.size });
      const decoded = decodePng(bytes);
      // Stale files: npx tsx apps/teams/scripts/draw-icons.ts redraws them.
      expect(Buffer.from(decoded.rgba).equals(Buffer.from(icon.draw().rgba))).toBe(true);
    });
  }

  it('outline.png is white on transparent', async () => {
    const { rgba } = decodePng(await readFile(new URL('outline.png', deployDir)));
    let opaque = 0;
    let transparent = 0;
    for (let i = 0; i < rgba.length; i += 4) {
      const alpha = rgba[i + 3] ?? 0;
      if (alpha === 0) transparent++;
      else expect([rgba[i], rgba[i + 1], rgba[i + 2]]).toEqual([255, 255, 255]);
      if (alpha === 255) opaque++;
    }
    expect(opaque).toBeGreaterThan(100);
    expect(transparent).toBeGreaterThan(100);
  });
});

describe('scripts/build-app-package.ts', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clarify-teams-package-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('zips the manifest with the app id filled in, and the two icons, at the root', async () => {
    const out = join(dir, 'nested', 'clarify-teams.zip');
    const result = await buildAppPackage({ appId: GUID, out });
    expect(result.out).toBe(out);
    const files = unzipSync(await readFile(out));
    expect(Object.keys(files).sort()).toEqual(['color.png', 'manifest.json', 'outline.png']);
    const text = strFromU8(files['manifest.json'] ?? new Uint8Array());
    expect(text).not.toContain('${{');
    const packaged = JSON.parse(text) as Manifest;
    expect(packaged.id).toBe(GUID);
    expect(packaged.bots[0]?.botId).toBe(GUID);
    expect(packaged.webApplicationInfo.id).toBe(GUID);
    expect({ ...packaged, id: '', bots: [], webApplicationInfo: {} }).toEqual({
      ...manifest,
      id: '',
      bots: [],
      webApplicationInfo: {},
    });
    for (const icon of ['color.png', 'outline.png']) {
      const original = await readFile(new URL(icon, deployDir));
      expect(Buffer.from(files[icon] ?? []).equals(original), icon).toBe(true);
    }
  });

  it('refuses a missing or malformed TEAMS_APP_ID', async () => {
    const out = join(dir, 'refused.zip');
    await expect(buildAppPackage({ appId: undefined, out })).rejects.toThrow(
      /TEAMS_APP_ID is not set/,
    );
    await expect(buildAppPackage({ appId: '  ', out })).rejects.toThrow(/TEAMS_APP_ID/);
    for (const bad of ['clarify-bot', `${GUID}x`, `{${GUID}}`, GUID.replaceAll('-', '')]) {
      await expect(buildAppPackage({ appId: bad, out }), bad).rejects.toThrow(
        /TEAMS_APP_ID is not a GUID/,
      );
    }
    await expect(readFile(out)).rejects.toThrow(/ENOENT/);
  });

  it('names a missing icon', async () => {
    const source = join(dir, 'no-icons');
    await mkdir(source);
    await writeFile(join(source, 'manifest.json'), manifestText);
    await expect(
      buildAppPackage({ appId: GUID, manifestDir: source, out: join(dir, 'x.zip') }),
    ).rejects.toThrow(/color\.png is missing/);
    expect(DEFAULT_MANIFEST_DIR).toMatch(/deploy[/\\]teams$/);
  });
});
