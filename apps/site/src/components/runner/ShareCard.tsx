import type { CSSProperties } from 'react';

/** The share image's size: what link previews show (1.91:1). */
export const SHARE_SIZE = { width: 1200, height: 630 } as const;

export interface ShareCardProps {
  eventName: string;
  /** The runner's name, or 'Bib 1234'. */
  who: string;
  bib: string;
  /** Net time (or gun time), when timed. */
  time: string | null;
  organiser: string;
  theme: string;
  /** Up to four photos, as data: URLs. */
  photos: string[];
}

const fill: CSSProperties = { width: '100%', height: '100%', objectFit: 'cover' };

/** The collage: one photo whole, two side by side, three (one tall, two stacked), or four in a square. */
function Collage({ photos }: { photos: string[] }) {
  // Each cell's size in pixels: next/og sizes an image by its box, not by the picture.
  const img = (src: string, key: number, width: number, height: number) => (
    <div key={key} style={{ display: 'flex', overflow: 'hidden', width, height }}>
      <img src={src} alt="" width={width} height={height} style={fill} />
    </div>
  );
  const side = SHARE_SIZE.height;
  const half = side / 2;
  const box: CSSProperties = { display: 'flex', width: side, height: side };
  if (photos.length === 1) return <div style={box}>{img(photos[0]!, 0, side, side)}</div>;
  if (photos.length === 2) return <div style={box}>{photos.map((p, i) => img(p, i, half, side))}</div>;
  if (photos.length === 3) {
    return (
      <div style={box}>
        {img(photos[0]!, 0, half, side)}
        <div style={{ display: 'flex', flexDirection: 'column', width: half, height: side }}>
          {img(photos[1]!, 1, half, half)}
          {img(photos[2]!, 2, half, half)}
        </div>
      </div>
    );
  }
  return <div style={{ ...box, flexWrap: 'wrap' }}>{photos.slice(0, 4).map((p, i) => img(p, i, half, half))}</div>;
}

/**
 * The runner's share image, as next/og draws it (flexbox only, inline styles): the collage on the
 * left, on the organiser's colour the event, the runner's name, their time and bib.
 */
export function ShareCard({ eventName, who, bib, time, organiser, theme, photos }: ShareCardProps) {
  const long = who.length > 22;
  return (
    <div style={{ display: 'flex', width: SHARE_SIZE.width, height: SHARE_SIZE.height, background: theme, fontFamily: 'Inter', color: '#ffffff' }}>
      {photos.length > 0 ? <Collage photos={photos} /> : null}
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          flex: 1,
          padding: '56px 52px',
          background: 'linear-gradient(160deg, rgba(0,0,0,0.05), rgba(0,0,0,0.45))',
        }}
      >
        <div style={{ display: 'flex', fontSize: 28, fontWeight: 700, letterSpacing: 1, textTransform: 'uppercase', opacity: 0.9 }}>{eventName}</div>
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          <div style={{ display: 'flex', fontSize: long ? 56 : 72, fontWeight: 800, lineHeight: 1.05 }}>{who}</div>
          {time ? <div style={{ display: 'flex', marginTop: 18, fontSize: 64, fontWeight: 800 }}>{time}</div> : null}
          {/* Without a name, the heading is already 'Bib 1234'. */}
          {who !== `Bib ${bib}` ? <div style={{ display: 'flex', marginTop: 12, fontSize: 30, fontWeight: 400, opacity: 0.9 }}>{`Bib ${bib}`}</div> : null}
        </div>
        <div style={{ display: 'flex', fontSize: 24, fontWeight: 400, opacity: 0.85 }}>{organiser}</div>
      </div>
    </div>
  );
}
