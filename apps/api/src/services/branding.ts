import { createHash } from 'node:crypto';
import { MAX_LOGO_PIXELS, type OrganiserSettings } from '@eventsite/contract';
import type { BlobStore } from '../adapters/blobs.js';
import { sniffImageKind } from '../adapters/images.js';
import { LogoImageError, renderLogo } from '../adapters/logo-image.js';
import { AppError } from '../errors.js';
import type { OrganiserService } from './organisers.js';

/** Where uploaded logos are kept in the variants store (the start-up sweep keeps them). */
export const LOGO_KEY_PREFIX = 'organiser-logos/';
/** The path logos are served from (an asset path: answered absolute to the public site). */
export const LOGO_URL_PREFIX = '/assets/logos/';
export const LOGO_FILE = /^[a-f0-9]{16}\.webp$/;

/** Whether the bytes look like SVG or other markup (an SVG can carry script: never accepted). */
export function looksLikeMarkup(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return head.startsWith('<') || head.includes('<svg');
}

/**
 * The organiser's logo: an uploaded PNG, JPEG or WebP is decoded (so a damaged or disguised file
 * is refused), turned upright, fitted into {@link LOGO_BOX}, stripped of its metadata and stored
 * as WebP (transparency kept) under a name made of its content's hash, so its URL never serves
 * another picture and can be cached for good. The organiser's `logo` then names it.
 */
export class BrandingService {
  constructor(
    private readonly variants: BlobStore,
    private readonly organisers: OrganiserService,
  ) {}

  async setLogo(organiserId: number, bytes: Buffer): Promise<OrganiserSettings> {
    if (bytes.length === 0) throw new AppError(400, 'The file is empty: choose a logo image');
    if (looksLikeMarkup(bytes))
      throw new AppError(
        415,
        'SVG logos are not accepted (an SVG file can carry script): save the logo as PNG or WebP and upload that',
      );
    if (!sniffImageKind(bytes))
      throw new AppError(415, 'This file is not a PNG, JPEG or WebP image: choose one of those');
    let webp: Buffer;
    try {
      webp = await renderLogo(bytes);
    } catch (error) {
      if (!(error instanceof LogoImageError)) throw error;
      throw new AppError(
        400,
        error.reason === 'too-large'
          ? `This image is too large (more than ${MAX_LOGO_PIXELS / 1e6} megapixels): make it smaller`
          : 'This image cannot be read (the file may be damaged or cut off): export it again and retry',
      );
    }
    const name = `${createHash('sha256').update(webp).digest('hex').slice(0, 16)}.webp`;
    await this.variants.put(`${LOGO_KEY_PREFIX}${organiserId}/${name}`, webp);
    const before = (await this.organisers.settings(organiserId)).logo;
    const logo = `${LOGO_URL_PREFIX}${organiserId}/${name}`;
    const saved = await this.organisers.updateSettings(organiserId, { logo });
    if (before !== logo) await this.forget(organiserId, before);
    return saved;
  }

  /** Removes the logo: the organiser's name shows instead. */
  async removeLogo(organiserId: number): Promise<OrganiserSettings> {
    const before = (await this.organisers.settings(organiserId)).logo;
    const saved = await this.organisers.updateSettings(organiserId, { logo: '' });
    await this.forget(organiserId, before);
    return saved;
  }

  /** A stored logo's bytes (public: the site's header shows it). */
  async logo(organiserId: number, file: string): Promise<Buffer | null> {
    if (!LOGO_FILE.test(file)) return null;
    return this.variants.get(`${LOGO_KEY_PREFIX}${organiserId}/${file}`);
  }

  private async forget(organiserId: number, logo: string): Promise<void> {
    const prefix = `${LOGO_URL_PREFIX}${organiserId}/`;
    if (!logo.startsWith(prefix)) return;
    const file = logo.slice(prefix.length);
    if (LOGO_FILE.test(file))
      await this.variants.delete(`${LOGO_KEY_PREFIX}${organiserId}/${file}`);
  }
}
