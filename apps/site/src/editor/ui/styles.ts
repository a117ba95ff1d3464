/**
 * The editor's styles, scoped under `.pe-root` and shipped with its code (a <style> element), so
 * that they load only on the promo route, with the editor, and need no build step of their own.
 */
export const EDITOR_CSS = `
.pe-root{--pe-brand:#2E6F40;--pe-ink:#0F172A;--pe-muted:#475569;--pe-line:#E2E8F0;--pe-bg:#F1F5F9;--pe-focus:#2563EB;
  font-family:"Inter Variable",Inter,system-ui,sans-serif;color:var(--pe-ink);background:#fff;display:flex;flex-direction:column;
  min-height:min(100dvh,900px);border:1px solid var(--pe-line);border-radius:12px;overflow:hidden;font-size:14px;line-height:1.4}
.pe-root *{box-sizing:border-box}
.pe-root :focus-visible{outline:3px solid var(--pe-focus);outline-offset:2px}
.pe-visually-hidden{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.pe-topbar{display:flex;align-items:center;gap:4px;padding:8px 10px;border-bottom:1px solid var(--pe-line);background:#fff;flex-wrap:nowrap;min-width:0}
.pe-title{font-weight:700;font-size:15px;line-height:1.3;margin:0 8px 0 2px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;min-width:0;flex:1}
.pe-title small{display:block;font-weight:500;color:var(--pe-muted);font-size:12px}
.pe-sep{width:1px;height:24px;background:var(--pe-line);margin:0 4px}
.pe-icon-btn{display:inline-flex;align-items:center;justify-content:center;width:40px;height:40px;border-radius:8px;border:1px solid transparent;background:transparent;color:var(--pe-ink);cursor:pointer;flex:none}
.pe-icon-btn:hover:not(:disabled){background:var(--pe-bg)}
.pe-icon-btn[aria-pressed=true]{background:#DBEAFE;border-color:#93C5FD}
.pe-icon-btn:disabled{opacity:.35;cursor:default}
.pe-btn{display:inline-flex;align-items:center;justify-content:center;gap:6px;min-height:40px;padding:8px 14px;border-radius:8px;border:1px solid #CBD5E1;background:#fff;color:var(--pe-ink);font:inherit;font-weight:600;cursor:pointer}
.pe-btn:hover:not(:disabled){background:var(--pe-bg)}
.pe-btn:disabled{opacity:.5;cursor:default}
.pe-btn[aria-pressed=true]{border-color:var(--pe-brand);box-shadow:inset 0 0 0 1px var(--pe-brand)}
.pe-btn-primary{background:var(--pe-brand);border-color:var(--pe-brand);color:var(--pe-on-brand,#fff)}
.pe-btn-primary:hover:not(:disabled){background:var(--pe-brand);filter:brightness(1.08)}
.pe-btn-wide{width:100%}
.pe-main{flex:1;display:grid;grid-template-columns:320px minmax(0,1fr) 280px;min-height:0}
.pe-side,.pe-inspector{border-right:1px solid var(--pe-line);overflow:auto;background:#fff;min-height:0}
.pe-inspector{border-right:0;border-left:1px solid var(--pe-line)}
.pe-tabs{display:flex;border-bottom:1px solid var(--pe-line);position:sticky;top:0;background:#fff;z-index:1;overflow-x:auto}
.pe-tab{flex:1 0 auto;min-height:44px;padding:8px 8px;font-size:13px;border:0;border-bottom:3px solid transparent;background:none;font:inherit;font-weight:600;color:var(--pe-muted);cursor:pointer;white-space:nowrap}
.pe-tab[aria-selected=true]{color:var(--pe-ink);border-bottom-color:var(--pe-brand)}
.pe-panel-body{padding:14px;display:flex;flex-direction:column;gap:10px}
.pe-h2{font-size:18px;margin:0}
.pe-h3{font-size:13px;font-weight:700;margin:6px 0 0;color:var(--pe-ink)}
.pe-label{font-size:12px;font-weight:600;color:var(--pe-muted);display:block;margin-bottom:4px}
.pe-hint{font-size:12px;color:var(--pe-muted);display:block;font-weight:400}
.pe-text{margin:0;color:var(--pe-muted)}
.pe-input{width:100%;min-height:40px;padding:8px 10px;border:1px solid #CBD5E1;border-radius:8px;font:inherit;color:var(--pe-ink);background:#fff}
.pe-textarea{resize:vertical;min-height:64px}
.pe-colour{width:100%;height:40px;padding:2px;border:1px solid #CBD5E1;border-radius:8px;background:#fff}
.pe-inline{display:flex;gap:6px}.pe-inline .pe-input{flex:1;min-width:0}
.pe-row{display:flex;flex-direction:column;gap:4px}
.pe-grid2{display:grid;grid-template-columns:1fr 1fr;gap:10px;align-items:end}
.pe-toolrow{display:flex;flex-wrap:wrap;gap:6px}
.pe-stack{display:flex;flex-direction:column;gap:6px}
.pe-checks{display:flex;gap:14px;flex-wrap:wrap}.pe-checks label{display:flex;gap:6px;align-items:center}
.pe-toggle-group,.pe-segmented{border:0;padding:0;margin:0;display:flex;gap:2px;flex-wrap:wrap}
.pe-toggle-group{flex-wrap:nowrap}.pe-toggle-group .pe-icon-btn{width:36px}
.pe-segmented{flex-direction:column;gap:4px}.pe-segmented label{display:flex;gap:8px;align-items:center;min-height:28px}
.pe-status{margin:0;color:var(--pe-muted);min-height:1em}
.pe-error{margin:0;color:#B91C1C;font-weight:600}
.pe-warning{margin:0;padding:8px 10px;border-radius:8px;background:#FEF3C7;color:#78350F}
.pe-template-list,.pe-photo-grid,.pe-sticker-grid,.pe-layers{list-style:none;margin:0;padding:0}
.pe-template-list{display:grid;gap:6px}
.pe-template{display:flex;gap:12px;align-items:center;width:100%;text-align:left;padding:8px 10px;border:1px solid var(--pe-line);border-radius:10px;background:#fff;font:inherit;cursor:pointer}
.pe-template[aria-pressed=true]{border-color:var(--pe-brand);box-shadow:inset 0 0 0 1px var(--pe-brand);background:color-mix(in srgb,var(--pe-brand) 6%,#fff)}
.pe-template-shape{width:40px;height:40px;display:flex;align-items:center;justify-content:center;flex:none}
.pe-template-shape span{display:block;border-radius:3px;background:linear-gradient(135deg,var(--pe-brand),color-mix(in srgb,var(--pe-brand) 40%,#000))}
.pe-template-label{font-weight:600;display:block}
.pe-photo-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(84px,1fr));gap:6px}
.pe-photo{display:block;width:100%;aspect-ratio:1;padding:0;border:2px solid transparent;border-radius:8px;overflow:hidden;background:var(--pe-bg);cursor:pointer}
.pe-photo:hover{border-color:var(--pe-brand)}
.pe-photo img{width:100%;height:100%;object-fit:cover;display:block}
.pe-sticker-grid{display:grid;grid-template-columns:repeat(4,1fr);gap:6px}
.pe-sticker{width:100%;aspect-ratio:1;border:1px solid var(--pe-line);border-radius:10px;background:#fff;cursor:pointer;display:flex;align-items:center;justify-content:center}
.pe-sticker img{width:70%;height:auto}
.pe-swatch{display:inline-block;width:16px;height:16px}
.pe-add-text{justify-content:flex-start}
.pe-add-heading{font-size:20px;font-weight:900}.pe-add-sub{font-size:16px;font-weight:700}
.pe-layers{display:flex;flex-direction:column;gap:2px}
.pe-layer{display:flex;gap:8px;align-items:baseline;width:100%;text-align:left;padding:8px;border:1px solid transparent;border-radius:8px;background:none;font:inherit;cursor:pointer}
.pe-layer:hover{background:var(--pe-bg)}
.pe-layer[aria-pressed=true]{background:#DBEAFE;border-color:#93C5FD}
.pe-layer-kind{font-size:11px;font-weight:700;color:var(--pe-muted);text-transform:uppercase;letter-spacing:.04em;width:70px;flex:none}
.pe-layer-name{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.pe-canvas-col{display:flex;flex-direction:column;min-width:0;min-height:0;background:var(--pe-bg)}
.pe-canvas{flex:1;position:relative;min-height:420px;outline-offset:-3px}
.pe-stage-wrap{position:absolute;inset:0;overflow:hidden;touch-action:none;background:repeating-conic-gradient(#E9EEF4 0 25%,#F1F5F9 0 50%) 0 0/24px 24px}
.pe-canvas-foot{display:flex;justify-content:space-between;gap:8px;padding:6px 12px;font-size:12px;color:var(--pe-muted);border-top:1px solid var(--pe-line);background:#fff}
.pe-text-editor{position:absolute;transform-origin:top left;margin:0;padding:0;border:1px dashed #2563EB;background:rgba(255,255,255,.08);outline:none;resize:none;overflow:hidden;white-space:pre-wrap;word-break:break-word;z-index:5}
.pe-dialog{border:0;border-radius:14px;padding:18px;width:min(460px,calc(100vw - 24px));box-shadow:0 20px 60px rgba(15,23,42,.35);color:var(--pe-ink);font-family:"Inter Variable",Inter,system-ui,sans-serif}
.pe-dialog::backdrop{background:rgba(15,23,42,.45)}
.pe-dialog-head{display:flex;justify-content:space-between;align-items:center;margin-bottom:12px}
.pe-formats{display:grid;gap:8px}
.pe-format{display:flex;flex-direction:column;align-items:flex-start;padding:10px 14px;border:1px solid #CBD5E1;border-radius:10px;background:#fff;font:inherit;cursor:pointer;text-align:left}
.pe-format:hover:not(:disabled){border-color:var(--pe-brand)}
.pe-format-label{font-weight:700}
.pe-progress-area{margin-top:12px;display:flex;flex-direction:column;gap:8px}
.pe-progress{width:100%;height:10px;accent-color:var(--pe-brand)}
.pe-done{display:flex;flex-direction:column;gap:8px}
.pe-result{display:grid;grid-template-columns:auto 1fr;gap:2px 12px;margin:0}.pe-result dt{color:var(--pe-muted)}.pe-result dd{margin:0;font-weight:700}
.pe-confirm{position:absolute;right:10px;top:56px;z-index:10;background:#fff;border:1px solid var(--pe-line);border-radius:12px;padding:14px;box-shadow:0 12px 32px rgba(15,23,42,.2);width:min(320px,calc(100% - 20px))}
.pe-loading{display:flex;align-items:center;justify-content:center;min-height:420px;color:var(--pe-muted)}
@media (max-width: 1100px){.pe-main{grid-template-columns:320px minmax(0,1fr)}.pe-inspector{grid-column:1 / -1;border-left:0;border-top:1px solid var(--pe-line)}}
@media (max-width: 720px){
  .pe-root{border-radius:0;border-left:0;border-right:0}
  .pe-main{display:flex;flex-direction:column}
  .pe-canvas-col{order:1}
  .pe-canvas{min-height:0;height:min(58dvh,520px);flex:none}
  .pe-inspector{order:2;border-top:1px solid var(--pe-line)}
  .pe-side{order:3;border-right:0;border-top:1px solid var(--pe-line)}
  .pe-hide-phone{display:none}
  .pe-topbar{padding:6px;gap:2px}
  .pe-title{font-size:14px;margin-right:2px}
  .pe-export-label{display:none}
}
`;
