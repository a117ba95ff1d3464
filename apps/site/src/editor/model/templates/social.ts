import { dateAndPlace } from '../format';
import { withAlpha, type Palette } from '../palette';
import type { Background, Design, DesignElement, Rect } from '../schema';
import { designOf, gradient, image, logoNeedsPlate, logoOnPlate, photoBackground, shape, sticker, text, type LogoBackdrop, type TemplateContext, type TemplateInfo } from './shared';

const WHITE = '#FFFFFF';

/**
 * The organiser's logo in `box`, on the plate chosen from its own colours (`logoPlate`, as on the
 * certificate) where what is behind it would swallow it: a photo, or a design it does not already
 * stand out from. Without a plate colour it stays bare, as it always was.
 */
function logo(ctx: TemplateContext, box: Rect, backdrop: LogoBackdrop): DesignElement[] {
  const { logoUrl, logoPlate } = ctx.event;
  if (!logoUrl) return [];
  const plate = logoPlate && logoNeedsPlate(logoPlate, backdrop) ? logoPlate : null;
  const pad = Math.round(box.height * 0.16);
  return logoOnPlate(logoUrl, box, plate, { padX: pad, padY: pad, radius: pad });
}

/** Behind a logo on the photo background: the photo, or (without one) the brand gradient's colours. */
const behind = (bg: Background, palette: Palette): LogoBackdrop => (bg.kind === 'image' ? 'photo' : [palette.brand, palette.deep]);

/** Feed post, square: the photo full-bleed, the event name set large over a deep scrim. */
export function postSquare(info: TemplateInfo, ctx: TemplateContext): Design {
  const { event, palette } = ctx;
  const bg = photoBackground(ctx, gradient(90, withAlpha(palette.deep, 0.05), withAlpha(palette.deep, 0.35), withAlpha(palette.deep, 0.94)));
  return designOf(info, bg, [
    ...logo(ctx, { x: 64, y: 64, width: 220, height: 96 }, behind(bg, palette)),
    shape('badge', 'rect', { x: 676, y: 72, width: 340, height: 80 }, { fill: palette.brand, cornerRadius: 40, name: 'Badge' }),
    text('badge-text', "I'M RUNNING", { x: 676, y: 95, width: 340, fontSize: 30, fontWeight: 800, letterSpacing: 5, align: 'center', fill: palette.onBrand, name: 'Badge text' }),
    shape('accent', 'rect', { x: 64, y: 716, width: 120, height: 10 }, { fill: palette.brand, cornerRadius: 5, name: 'Accent line' }),
    text('date', dateAndPlace(event.eventDate, event.city), { x: 64, y: 752, width: 952, fontSize: 30, fontWeight: 600, letterSpacing: 3, uppercase: true, fill: withAlpha(WHITE, 0.85), name: 'Date and place' }),
    text('title', event.eventName, { x: 64, y: 800, width: 952, fontSize: 84, fontWeight: 900, lineHeight: 1.02, letterSpacing: -1, fill: WHITE, name: 'Event name', shadow: true }),
    text('organiser', event.organiserName ?? '', { x: 64, y: 1000, width: 952, fontSize: 26, fontWeight: 500, fill: withAlpha(WHITE, 0.75), name: 'Organiser' }),
  ]);
}

/** Feed post, portrait: a framed photo over the brand gradient, type below. */
export function postPortrait(info: TemplateInfo, ctx: TemplateContext): Design {
  const { event, palette } = ctx;
  const photo = event.photoUrl ?? event.bannerUrl;
  return designOf(info, { kind: 'gradient', fill: gradient(120, palette.deep, palette.brand) }, [
    shape('glow', 'circle', { x: 560, y: 880, width: 760, height: 760 }, { fill: withAlpha(palette.brand, 0.35), name: 'Glow' }),
    ...(photo ? [image('photo', photo, { x: 60, y: 60, width: 960, height: 800 }, { cornerRadius: 40, name: 'Event photo' })] : []),
    sticker('sticker', 'running', { x: 760, y: 740, width: 240, height: 240 }, palette.brand, { name: "I'm running sticker", rotation: 0 }),
    text('kicker', "I'M RUNNING", { x: 72, y: 920, width: 700, fontSize: 40, fontWeight: 800, letterSpacing: 10, fill: palette.brandOnDeep === palette.brand ? withAlpha(WHITE, 0.9) : palette.brandOnDeep, name: 'Kicker' }),
    text('title', event.eventName, { x: 72, y: 984, width: 936, fontSize: 92, fontWeight: 900, lineHeight: 1.0, letterSpacing: -1, fill: WHITE, name: 'Event name' }),
    text('date', dateAndPlace(event.eventDate, event.city), { x: 72, y: 1206, width: 700, fontSize: 34, fontWeight: 500, fill: withAlpha(WHITE, 0.85), name: 'Date and place' }),
    ...logo(ctx, { x: 820, y: 1190, width: 188, height: 96 }, [palette.deep, palette.brand]),
  ]);
}

/**
 * Instagram story: full-bleed photo; everything that matters sits inside the 1080x1420 safe area
 * (y 250 to 1670), clear of the profile bar at the top and the reply field at the bottom.
 */
export function story(info: TemplateInfo, ctx: TemplateContext): Design {
  const { event, palette } = ctx;
  const bg = photoBackground(
    ctx,
    gradient(90, withAlpha(palette.deep, 0.75), withAlpha(palette.deep, 0.0), withAlpha(palette.deep, 0.25), withAlpha(palette.deep, 0.96)),
  );
  return designOf(info, bg, [
    ...logo(ctx, { x: 390, y: 290, width: 300, height: 120 }, behind(bg, palette)),
    sticker('sticker', 'running', { x: 380, y: 860, width: 320, height: 320 }, palette.brand, { name: "I'm running sticker", rotation: -8 }),
    text('kicker', 'See you at the start line', { x: 80, y: 1220, width: 920, fontSize: 40, fontWeight: 600, align: 'center', fill: withAlpha(WHITE, 0.9), name: 'Kicker' }),
    text('title', event.eventName, { x: 80, y: 1280, width: 920, fontSize: 104, fontWeight: 900, lineHeight: 1.0, letterSpacing: -2, align: 'center', fill: WHITE, name: 'Event name', shadow: true }),
    shape('pill', 'rect', { x: 190, y: 1540, width: 700, height: 96 }, { fill: palette.brand, cornerRadius: 48, name: 'Date pill' }),
    text('date', dateAndPlace(event.eventDate, event.city), { x: 190, y: 1570, width: 700, fontSize: 34, fontWeight: 700, letterSpacing: 1, align: 'center', fill: palette.onBrand, name: 'Date and place' }),
  ]);
}

/**
 * Link preview (Open Graph 1200x630): the photo full-bleed under a scrim that is solid on the
 * left, where the type sits, and clears towards the right, where the photo shows.
 */
export function linkPreview(info: TemplateInfo, ctx: TemplateContext): Design {
  const { event, palette } = ctx;
  const scrim = {
    angle: 0,
    stops: [
      { offset: 0, colour: withAlpha(palette.deep, 0.97) },
      { offset: 0.45, colour: withAlpha(palette.deep, 0.9) },
      { offset: 0.75, colour: withAlpha(palette.deep, 0.25) },
      { offset: 1, colour: withAlpha(palette.deep, 0) },
    ],
  };
  const bg = photoBackground(ctx, scrim);
  return designOf(info, bg, [
    shape('edge', 'rect', { x: 0, y: 0, width: 14, height: 630 }, { fill: palette.brand, name: 'Brand edge' }),
    ...logo(ctx, { x: 64, y: 52, width: 200, height: 80 }, behind(bg, palette)),
    text('organiser', event.organiserName ?? '', { x: 64, y: 160, width: 560, fontSize: 22, fontWeight: 700, letterSpacing: 4, uppercase: true, fill: withAlpha(WHITE, 0.75), name: 'Organiser' }),
    text('title', event.eventName, { x: 64, y: 200, width: 600, fontSize: 66, fontWeight: 900, lineHeight: 1.02, letterSpacing: -1, fill: WHITE, name: 'Event name' }),
    shape('accent', 'rect', { x: 64, y: 470, width: 80, height: 8 }, { fill: palette.brand, cornerRadius: 4, name: 'Accent line' }),
    text('date', dateAndPlace(event.eventDate, event.city), { x: 64, y: 500, width: 600, fontSize: 28, fontWeight: 500, fill: withAlpha(WHITE, 0.9), name: 'Date and place' }),
  ]);
}
