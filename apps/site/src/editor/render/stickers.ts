import type { StickerElement } from '../model/schema';

/**
 * The built-in stickers, drawn here as small SVGs in the sticker's colour (our own artwork, no
 * licence to track). They are turned into images for the canvas; a data: URL never taints it.
 */
type StickerKind = StickerElement['sticker'];

export const STICKER_LABELS: Record<StickerKind, string> = {
  medal: 'Medal',
  star: 'Star',
  running: "I'm running badge",
  flag: 'Finish flag',
};

function svg(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="400" height="400">${body}</svg>`;
}

/** Escapes a colour for an attribute (colours are validated hex or rgba, this is belt and braces). */
const c = (colour: string) => colour.replace(/[^#0-9a-zA-Z(),.\s]/g, '');

export function stickerSvg(kind: StickerKind, colour: string): string {
  const col = c(colour);
  switch (kind) {
    case 'medal':
      return svg(`
        <path d="M62 8h34l18 70H80z" fill="${col}"/><path d="M138 8h-34l-18 70h34z" fill="${col}" opacity=".75"/>
        <circle cx="100" cy="128" r="62" fill="#F5C542"/><circle cx="100" cy="128" r="62" fill="none" stroke="#C9962B" stroke-width="6"/>
        <circle cx="100" cy="128" r="44" fill="none" stroke="#FFF3C4" stroke-width="4" opacity=".8"/>
        <path d="M100 96l9.4 19 21 3-15.2 14.8 3.6 21-18.8-9.9-18.8 9.9 3.6-21L69.6 118l21-3z" fill="#FFF8E1"/>`);
    case 'star':
      return svg(`<path d="M100 10l26.5 53.7 59.3 8.6-42.9 41.8 10.1 59L100 145.2 47 173.1l10.1-59L14.2 72.3l59.3-8.6z" fill="${col}" stroke="#FFFFFF" stroke-width="8" stroke-linejoin="round"/>`);
    case 'running':
      return svg(`
        <circle cx="100" cy="100" r="94" fill="${col}"/><circle cx="100" cy="100" r="82" fill="none" stroke="#FFFFFF" stroke-width="4" stroke-dasharray="6 8"/>
        <text x="100" y="88" text-anchor="middle" font-family="Inter Variable, Inter, Arial, sans-serif" font-weight="900" font-size="30" fill="#FFFFFF" letter-spacing="1">I'M</text>
        <text x="100" y="124" text-anchor="middle" font-family="Inter Variable, Inter, Arial, sans-serif" font-weight="900" font-size="30" fill="#FFFFFF" letter-spacing="1">RUNNING</text>
        <path d="M58 142h84" stroke="#FFFFFF" stroke-width="5" stroke-linecap="round"/>`);
    case 'flag':
      return svg(`
        <rect x="34" y="16" width="10" height="176" rx="5" fill="#333333"/>
        <path d="M44 22c40-14 70 18 120 4v92c-50 14-80-18-120-4z" fill="#FFFFFF" stroke="${col}" stroke-width="6" stroke-linejoin="round"/>
        <g fill="#1A1A1A">
          <path d="M44 22c13-4 24-4 34-1v23c-10-3-21-3-34 1z"/><path d="M112 34c16 5 32 8 52-8v23c-20 14-36 11-52 7z"/>
          <path d="M78 44c12 4 22 9 34 12v23c-12-3-22-8-34-12z"/><path d="M44 68c13-4 24-4 34-1v23c-10-3-21-3-34 1z"/>
          <path d="M112 79c16 5 32 8 52-6v23c-20 14-36 11-52 7z"/><path d="M78 90c12 4 22 9 34 12v-23c-12-3-22-8-34-12z" opacity="0"/>
        </g>`);
  }
}

export function stickerDataUrl(kind: StickerKind, colour: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(stickerSvg(kind, colour))}`;
}
