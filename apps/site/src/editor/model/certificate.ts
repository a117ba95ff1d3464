import type { CertificateTemplate, RaceResult } from '@eventsite/contract';
import { formatEventDate, formatRaceTime, ordinal } from './format';
import { TEMPLATES, type EventData } from './templates';
import { FIELD_PLACEHOLDERS } from './templates/certificate';
import { designOf, gradient, text } from './templates/shared';
import { type CertificateFieldKey, type Design } from './schema';

/**
 * A finisher certificate's values and the organiser's own certificate design (their artwork and
 * where each field goes), as the contract gives them: a participant's race result
 * (`RaceResult`, times 'h:mm:ss', ranks 1-based) and the `CertificateTemplate`.
 */

/** What the participant typed when there are no results (or to correct them). */
export type TypedEntry = { bib?: string; name?: string; time?: string };

/**
 * The field values: results first, what the participant typed over them, event data last. A rank
 * the runner's result does not have is filled with nothing: its line is left out (fillFields),
 * never printed as '–'.
 */
export function certificateValues(event: EventData, result?: RaceResult, typed: TypedEntry = {}): Record<CertificateFieldKey, string> {
  const time = typed.time?.trim() ? formatRaceTime(typed.time) : result?.net_time ? formatRaceTime(result.net_time) : '';
  const name = typed.name?.trim() || result?.name?.trim() || '';
  const bib = typed.bib?.trim() || result?.bib || '';
  // Filled for a runner (their result, or what they typed), not the template's preview.
  const forRunner = result !== undefined || Boolean(typed.bib?.trim() || typed.name?.trim() || typed.time?.trim());
  return {
    name: name || FIELD_PLACEHOLDERS.name,
    bib: bib || FIELD_PLACEHOLDERS.bib,
    net_time: time || FIELD_PLACEHOLDERS.net_time,
    gun_time: result?.gun_time ? formatRaceTime(result.gun_time) : FIELD_PLACEHOLDERS.gun_time,
    overall_rank: result?.overall_rank ? ordinal(result.overall_rank) : FIELD_PLACEHOLDERS.overall_rank,
    category_rank: result?.category_rank ? ordinal(result.category_rank) : forRunner ? '' : FIELD_PLACEHOLDERS.category_rank,
    category: result?.category ?? '',
    event_name: event.eventName,
    event_date: event.eventDate ? formatEventDate(event.eventDate) : '',
  };
}

/** The organiser's template as an editable design: their artwork as background, fields as texts. */
export function designFromCertificateTemplate(t: CertificateTemplate, event: EventData): Design {
  const info = TEMPLATES[t.page.orientation === 'landscape' ? 'certificate-landscape' : 'certificate-portrait'];
  const px = info.width / info.page.width; // pixels per point
  const values = certificateValues(event);
  const elements = t.fields.map((f, i) => {
    const size = f.font_size * px;
    // The box spans from the anchor to the page edge it reads away from, so long names still fit.
    const width = f.align === 'center' ? 2 * Math.min(f.x, info.page.width - f.x) * px : f.align === 'left' ? (info.page.width - f.x) * px : f.x * px;
    const x = f.align === 'center' ? f.x * px - width / 2 : f.align === 'left' ? f.x * px : f.x * px - width;
    return text(`field-${f.key}-${i}`, values[f.key], {
      x,
      y: f.y * px,
      width: Math.max(width, size),
      fontSize: size,
      fontWeight: f.font_weight === 'bold' ? 800 : 400,
      align: f.align,
      fill: f.colour,
      field: f.key,
      name: f.key.replace('_', ' '),
    });
  });
  return designOf(
    info,
    { kind: 'image', src: t.background_url, source: 'banner', fallback: gradient(135, '#FFFFFF', '#F2F2F2') },
    elements,
  );
}
