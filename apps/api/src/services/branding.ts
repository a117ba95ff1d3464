import { createHash } from 'node:crypto';
import {
  type AdminEvent,
  BANNER_BOX,
  LOGO_BOX,
  MAX_LOGO_PIXELS,
  type OrganiserSettings,
} from '@eventsite/contract';
import type { BlobStore } from '../adapters/blobs.js';
import { sniffImageKind } from '../adapters/images.js';
import { LogoImageError, logoPlate, renderUploadedImage } from '../adapters/logo-image.js';
import { AppError } from '../errors.js';
import type { EventService } from './events.js';
import type { OrganiserService } from './organisers.js';

/** Where uploaded logos are kept in the variants store (the start-up sweep keeps them). */
export const LOGO_KEY_PREFIX = 'organiser-logos/';
/** The path logos are served from (an asset path: answered absolute to the public site). */
export const LOGO_URL_PREFIX = '/assets/logos/';
export const LOGO_FILE = /^[a-f0-9]{16}\.webp$/;
/** Where events' uploaded banners are kept in the variants store, and the path they are served from. */
export const BANNER_KEY_PREFIX = 'event-banners/';
export const BANNER_URL_PREFIX = '/assets/banners/';

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
 * The organiser's logo and its events' banners: an uploaded PNG, JPEG or WebP is decoded (so a damaged or disguised file
 * is refused), turned upright, fitted into {@link LOGO_BOX}, stripped of its metadata and stored
 * as WebP (transparency kept) under a name made of its content's hash, so its URL never serves
 * another picture and can be cached for good. The organiser's `logo` then names it.
 */
export class BrandingService {
  constructor(
    private readonly variants: BlobStore,
    private readonly organisers: OrganiserService,
    private readonly events: EventService,
  ) {}

  /**
   * An uploaded picture checked and made ready to store: refused when empty, markup (SVG),
   * not a PNG, JPEG or WebP, too large or unreadable; else its WebP and a name from its hash.
   */
  private async prepared(
    bytes: Buffer,
    what: 'logo' | 'banner',
    box: { width: number; height: number },
  ): Promise<{ webp: Buffer; name: string }> {
    if (bytes.length === 0) throw new AppError(400, `The file is empty: choose a ${what} image`);
    if (looksLikeMarkup(bytes))
      throw new AppError(
        415,
        `SVG ${what}s are not accepted (an SVG file can carry script): save the ${what} as PNG or WebP and upload that`,
      );
    if (!sniffImageKind(bytes))
      throw new AppError(415, 'This file is not a PNG, JPEG or WebP image: choose one of those');
    let webp: Buffer;
    try {
      webp = await renderUploadedImage(bytes, box);
    } catch (error) {
      if (!(error instanceof LogoImageError)) throw error;
      throw new AppError(
        400,
        error.reason === 'too-large'
          ? `This image is too large (more than ${MAX_LOGO_PIXELS / 1e6} megapixels): make it smaller`
          : 'This image cannot be read (the file may be damaged or cut off): export it again and retry',
      );
    }
    return { webp, name: `${createHash('sha256').update(webp).digest('hex').slice(0, 16)}.webp` };
  }

  async setLogo(organiserId: number, bytes: Buffer): Promise<OrganiserSettings> {
    const { webp, name } = await this.prepared(bytes, 'logo', LOGO_BOX);
    await this.variants.put(`${LOGO_KEY_PREFIX}${organiserId}/${name}`, webp);
    const before = (await this.organisers.settings(organiserId)).logo;
    const logo = `${LOGO_URL_PREFIX}${organiserId}/${name}`;
    // The plate it is shown on over dark backgrounds, from its own colours.
    const plate = await logoPlate(webp);
    const saved = await this.organisers.updateSettings(organiserId, {
      logo,
      extra_config: { logoPlate: plate },
    });
    if (before !== logo) await this.forget(organiserId, before);
    return saved;
  }

  /** Removes the logo: the organiser's name shows instead. */
  async removeLogo(organiserId: number): Promise<OrganiserSettings> {
    const before = (await this.organisers.settings(organiserId)).logo;
    const saved = await this.organisers.updateSettings(organiserId, {
      logo: '',
      extra_config: { logoPlate: '' },
    });
    await this.forget(organiserId, before);
    return saved;
  }

  /** A stored logo's bytes (public: the site's header shows it). */
  async logo(organiserId: number, file: string): Promise<Buffer | null> {
    if (!LOGO_FILE.test(file)) return null;
    return this.variants.get(`${LOGO_KEY_PREFIX}${organiserId}/${file}`);
  }

  /**
   * An event's banner (the organiser's own event; 404 for another's): stored like a logo, fitted
   * into BANNER_BOX, and the event's banner turned on with it.
   */
  async setBanner(organiserId: number, eventId: number, bytes: Buffer): Promise<AdminEvent> {
    const event = await this.events.requireOwned(eventId, organiserId);
    const { webp, name } = await this.prepared(bytes, 'banner', BANNER_BOX);
    await this.variants.put(`${BANNER_KEY_PREFIX}${eventId}/${name}`, webp);
    const before = event.photosConfig?.banner_config?.image_url ?? '';
    const image_url = `${BANNER_URL_PREFIX}${eventId}/${name}`;
    const saved = await this.events.updateFor(organiserId, eventId, {
      event_photos_config: { banner_config: { enabled: true, image_url } },
    });
    if (before !== image_url) await this.forgetBanner(eventId, before);
    return saved;
  }

  /** Removes the event's banner: the event's pages show none. */
  async removeBanner(organiserId: number, eventId: number): Promise<AdminEvent> {
    const event = await this.events.requireOwned(eventId, organiserId);
    const before = event.photosConfig?.banner_config?.image_url ?? '';
    const saved = await this.events.updateFor(organiserId, eventId, {
      event_photos_config: { banner_config: { enabled: false, image_url: '' } },
    });
    await this.forgetBanner(eventId, before);
    return saved;
  }

  /** A stored banner's bytes (public: the event's pages show it). */
  async banner(eventId: number, file: string): Promise<Buffer | null> {
    if (!LOGO_FILE.test(file)) return null;
    return this.variants.get(`${BANNER_KEY_PREFIX}${eventId}/${file}`);
  }

  private async forgetBanner(eventId: number, url: string): Promise<void> {
    const prefix = `${BANNER_URL_PREFIX}${eventId}/`;
    if (!url.startsWith(prefix)) return;
    const file = url.slice(prefix.length);
    if (LOGO_FILE.test(file)) await this.variants.delete(`${BANNER_KEY_PREFIX}${eventId}/${file}`);
  }

  private async forget(organiserId: number, logo: string): Promise<void> {
    const prefix = `${LOGO_URL_PREFIX}${organiserId}/`;
    if (!logo.startsWith(prefix)) return;
    const file = logo.slice(prefix.length);
    if (LOGO_FILE.test(file))
      await this.variants.delete(`${LOGO_KEY_PREFIX}${organiserId}/${file}`);
  }
}
