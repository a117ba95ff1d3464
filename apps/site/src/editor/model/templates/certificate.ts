import { formatEventDate } from '../format';
import { mix, withAlpha } from '../palette';
import type { Design, DesignElement } from '../schema';
import { designOf, gradient, logoOnPlate, shape, sticker, text, type TemplateContext, type TemplateInfo } from './shared';

/** Placeholders shown until the participant's results (or their own typing) fill the fields. */
export const FIELD_PLACEHOLDERS = {
  name: 'Your Name',
  bib: '–',
  net_time: '–:––:––',
  gun_time: '–:––:––',
  overall_rank: '–',
  category_rank: '–',
  category: '',
  event_name: '',
  event_date: '',
} as const;

/**
 * The finisher certificate, A4 at 300 dpi. Laid out on a unit `u` (1/100 of the short side) so
 * the landscape and the portrait page share one hierarchy: a framed sheet of the brand's paper,
 * the name largest, the time next, placings in a row, the event and date at the foot.
 */
export function certificate(info: TemplateInfo, ctx: TemplateContext): Design {
  const { event, palette } = ctx;
  const W = info.width;
  const H = info.height;
  const u = Math.min(W, H) / 100;
  const portrait = H > W;
  const cx = (w: number) => (W - w) / 2;
  const inner = W - 2 * 14 * u;
  const grey = mix(palette.ink, '#FFFFFF', 0.45);

  // Vertical rhythm, in units, per orientation: the portrait page spreads the same blocks
  // over its extra height instead of leaving the bottom empty.
  const L = portrait
    ? { top: 15, heading: 33, headingSize: 2.6, presented: 40, name: 50, nameSize: 9, completed: 68, stats: 95, labelSize: 1.8, valueSize: 5 }
    : { top: 9, heading: 22, headingSize: 3.4, presented: 29, name: 34, nameSize: 10, completed: 49.5, stats: 65, labelSize: 2.2, valueSize: 6 };
  const logoH = 9 * u;
  const titleY = L.heading * u;
  const nameY = L.name * u;
  const nameSize = L.nameSize * u;
  const completedY = L.completed * u;
  const eventY = completedY + 4.2 * u;
  const statsY = L.stats * u;
  const top = L.top * u;
  const colW = inner / 3;

  const stat = (i: number, label: string, field: 'net_time' | 'overall_rank' | 'category_rank'): DesignElement[] => [
    text(`label-${field}`, label, { x: 14 * u + colW * i, y: statsY, width: colW, fontSize: L.labelSize * u, fontWeight: 700, letterSpacing: 0.25 * L.labelSize * u, uppercase: true, align: 'center', fill: grey, name: `${label} label`, labelOf: field }),
    text(`value-${field}`, FIELD_PLACEHOLDERS[field], { x: 14 * u + colW * i, y: statsY + 1.7 * L.labelSize * u, width: colW, fontSize: L.valueSize * u, fontWeight: 800, align: 'center', fill: palette.ink, field, name: label }),
  ];

  return designOf(info, { kind: 'gradient', fill: gradient(135, '#FFFFFF', palette.paper) }, [
    shape('band', 'rect', { x: 0, y: 0, width: W, height: 2.4 * u }, { fill: gradient(0, palette.brand, palette.deep), name: 'Top band', locked: true }),
    shape('band-bottom', 'rect', { x: 0, y: H - 2.4 * u, width: W, height: 2.4 * u }, { fill: gradient(0, palette.deep, palette.brand), name: 'Bottom band', locked: true }),
    shape('frame', 'rect', { x: 5 * u, y: 5 * u, width: W - 10 * u, height: H - 10 * u }, { fill: withAlpha('#FFFFFF', 0), stroke: palette.brand, strokeWidth: 0.5 * u, cornerRadius: 1.5 * u, name: 'Frame', locked: true }),
    shape('frame-inner', 'rect', { x: 6.5 * u, y: 6.5 * u, width: W - 13 * u, height: H - 13 * u }, { fill: withAlpha('#FFFFFF', 0), stroke: withAlpha(palette.brand, 0.35), strokeWidth: 0.15 * u, cornerRadius: 1 * u, name: 'Inner frame', locked: true }),
    // The logo's plate: chosen from the logo's own colours when it was uploaded (a pale tint under a
    // dark logo, a deep shade under a white one); without that, the brand's deep shade, which keeps
    // the white logos drawn for a site's header visible on the pale paper.
    ...(event.logoUrl
      ? logoOnPlate(event.logoUrl, { x: cx(32 * u), y: top, width: 32 * u, height: logoH }, event.logoPlate ?? palette.deep, { padX: 2 * u, padY: 1.5 * u, radius: 1.5 * u })
      : []),
    sticker('medal', 'medal', { x: W - 26 * u, y: 9 * u, width: 16 * u, height: 16 * u }, palette.brand, { name: 'Medal' }),
    text('heading', 'Certificate of Achievement', { x: 14 * u, y: titleY, width: inner, fontSize: L.headingSize * u, fontWeight: 800, letterSpacing: 0.26 * L.headingSize * u, uppercase: true, align: 'center', fill: palette.brandOnPaper, name: 'Heading' }),
    text('presented', 'This certifies that', { x: 14 * u, y: L.presented * u, width: inner, fontSize: 2.8 * u, italic: true, align: 'center', fill: grey, name: 'Presented to' }),
    text('name', FIELD_PLACEHOLDERS.name, { x: 10 * u, y: nameY, width: W - 20 * u, fontSize: nameSize, fontWeight: 900, letterSpacing: -0.1 * u, align: 'center', fill: palette.ink, field: 'name', name: 'Participant name' }),
    shape('rule', 'rect', { x: cx(40 * u), y: nameY + nameSize * 1.2 + 0.6 * u, width: 40 * u, height: 0.3 * u }, { fill: palette.brand, name: 'Rule' }),
    text('completed', 'has successfully finished', { x: 14 * u, y: completedY, width: inner, fontSize: 2.8 * u, italic: true, align: 'center', fill: grey, name: 'Finished' }),
    text('event', event.eventName, { x: 14 * u, y: eventY, width: inner, fontSize: 4.6 * u, fontWeight: 800, align: 'center', fill: palette.brandOnPaper, field: 'event_name', name: 'Event name' }),
    ...stat(0, 'Net time', 'net_time'),
    ...stat(1, 'Overall place', 'overall_rank'),
    ...stat(2, 'Category place', 'category_rank'),
    text('category', FIELD_PLACEHOLDERS.category, { x: 14 * u + colW * 2, y: statsY + (1.7 * L.labelSize + 1.4 * L.valueSize) * u, width: colW, fontSize: L.labelSize * u, fontWeight: 500, align: 'center', fill: grey, field: 'category', name: 'Category' }),
    text('date', event.eventDate ? formatEventDate(event.eventDate) : '', { x: 14 * u, y: H - 17 * u, width: inner / 2, fontSize: 2.4 * u, fontWeight: 600, fill: palette.ink, field: 'event_date', name: 'Event date' }),
    text('place', [event.city, event.organiserName].filter(Boolean).join('  ·  '), { x: 14 * u, y: H - 13.4 * u, width: inner / 2, fontSize: 2.2 * u, fill: grey, name: 'Place and organiser' }),
    text('bib-label', 'Bib', { x: W - 14 * u - inner / 2, y: H - 17 * u, width: inner / 2, fontSize: 2.2 * u, fontWeight: 700, letterSpacing: 0.5 * u, uppercase: true, align: 'right', fill: grey, name: 'Bib label' }),
    text('bib', FIELD_PLACEHOLDERS.bib, { x: W - 14 * u - inner / 2, y: H - 13.8 * u, width: inner / 2, fontSize: 3 * u, fontWeight: 800, align: 'right', fill: palette.ink, field: 'bib', name: 'Bib' }),
  ]);
}
