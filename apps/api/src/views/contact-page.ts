import { DEFAULT_THEME_COLOUR, HEX_COLOUR } from '@eventsite/contract';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Dark or white text, whichever reads better on the theme colour. */
function textOn(hex: string): string {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  return luminance > 0.4 ? '#111111' : '#ffffff';
}

export interface ContactPageModel {
  organiserName: string;
  logo: string;
  themeColor: string;
  /** The form posts here (relative to the page). */
  action: string;
  values?: Partial<Record<'name' | 'email' | 'subject' | 'message', string>>;
  errors?: string[];
  sent?: boolean;
  /**
   * Whether the message was emailed on to the organiser as well (it is always kept for their
   * inbox): the visitor is told which.
   */
  forward?: 'pending' | 'sent' | 'failed' | 'off';
  /** The form cannot be shown at all (unknown organiser, bad link). */
  unavailable?: string;
}

/** What the visitor is told once the message is stored: only what did happen. */
export function sentNotice(organiserName: string, forward: ContactPageModel['forward']): string {
  const kept = `Thank you. Your message is in the inbox of ${organiserName}`;
  if (forward === 'sent') return `${kept}, and it was emailed to them too.`;
  if (forward === 'failed' || forward === 'pending')
    return `${kept}. Emailing it to them did not work just now, so they will read it when they next open their inbox.`;
  return `${kept}: they will read it there.`;
}

/**
 * The contact form the API hosts for organisers who have none: self-contained (no script, no
 * external asset but the logo), embeddable in the site's contact iframe of height 600.
 */
export function renderContactPage(model: ContactPageModel, nonce: string): string {
  const theme = HEX_COLOUR.test(model.themeColor) ? model.themeColor : DEFAULT_THEME_COLOUR;
  const v = model.values ?? {};
  const field = (name: 'name' | 'email' | 'subject', label: string, type: string, extra = '') =>
    `<label>${label}<input type="${type}" name="${name}" value="${escapeHtml(v[name] ?? '')}" ${extra}></label>`;
  let body: string;
  if (model.unavailable) {
    body = `<p class="notice error" role="alert">${escapeHtml(model.unavailable)}</p>`;
  } else if (model.sent) {
    body = `<p class="notice ok" role="status">${escapeHtml(sentNotice(model.organiserName, model.forward))}</p>`;
  } else {
    const errors = model.errors?.length
      ? `<div class="notice error" role="alert"><p>Your message was not sent:</p><ul>${model.errors
          .map((e) => `<li>${escapeHtml(e)}</li>`)
          .join('')}</ul></div>`
      : '';
    body = `${errors}
<form method="post" action="${escapeHtml(model.action)}" accept-charset="utf-8">
  ${field('name', 'Name', 'text', 'required maxlength="120" autocomplete="name"')}
  ${field('email', 'Email', 'email', 'required maxlength="254" autocomplete="email"')}
  ${field('subject', 'Subject (optional)', 'text', 'maxlength="160"')}
  <label>Message<textarea name="message" required maxlength="5000" rows="5">${escapeHtml(v.message ?? '')}</textarea></label>
  <div class="hp" aria-hidden="true"><label>Leave this empty<input type="text" name="website" tabindex="-1" autocomplete="off"></label></div>
  <button type="submit">Send message</button>
</form>`;
  }
  const logo = model.logo
    ? `<img src="${escapeHtml(model.logo)}" alt="${escapeHtml(model.organiserName)}" height="40">`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Contact ${escapeHtml(model.organiserName)}</title>
<style nonce="${nonce}">
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#fff}
  .masthead{display:flex;align-items:center;gap:14px;padding:10px 20px;background:#fff;border-bottom:4px solid ${theme}}
  .masthead img{max-height:36px;width:auto}
  h1{font-size:1.05rem;margin:0;color:#1f2328}
  .content{max-width:560px;margin:0 auto;padding:16px 20px}
  label{display:block;margin:0 0 10px;font-weight:600;font-size:.9rem}
  input,textarea{display:block;width:100%;margin-top:4px;padding:8px 10px;border:1px solid #c9ced6;border-radius:6px;font:inherit;font-weight:400}
  input:focus,textarea:focus{outline:2px solid ${theme};outline-offset:1px}
  button{background:${theme};color:${textOn(theme)};border:0;border-radius:6px;padding:10px 22px;font:inherit;font-weight:600;cursor:pointer}
  .notice{padding:12px 14px;border-radius:6px;margin:0 0 16px}
  .notice p{margin:0}.notice ul{margin:6px 0 0;padding-left:20px}
  .ok{background:#e8f5ec;color:#14532d}
  .error{background:#fdecec;color:#7f1d1d}
  .hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
</style>
</head>
<body>
<main aria-label="Contact form">
<div class="masthead">${logo}<h1>Contact ${escapeHtml(model.organiserName)}</h1></div>
<div class="content">
${body}
</div>
</main>
</body>
</html>`;
}
