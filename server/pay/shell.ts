/**
 * The page shell of the public pay pages (an account's pay link, an order's pay page): server-rendered
 * HTML for a phone screen, every value escaped by the caller through `escape`. Styles are inline
 * (the CSP allows inline styles, not inline scripts); scripts are files under /pay/assets.
 */

/** What a payer needs to send money, in page order; a channel kind shows those it declares. */
export const PAY_FIELDS = ['bankName', 'accountName', 'cardNumber', 'ifscCode', 'upiAccount', 'walletAddress'] as const;

export const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = [
  'body{margin:0;background:#f5f5f5;color:#1f1f1f;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;font-size:15px;line-height:1.5}',
  'main{max-width:480px;margin:0 auto;padding:16px}',
  'h1{font-size:20px;margin:8px 0 16px}',
  '.card{background:#fff;border-radius:8px;padding:16px;margin-bottom:12px;box-shadow:0 1px 2px rgba(0,0,0,.08)}',
  '.label{color:#8c8c8c;font-size:13px}',
  '.amount{font-size:30px;font-weight:600;letter-spacing:.5px}',
  'table{width:100%;border-collapse:collapse}',
  'th{text-align:left;color:#595959;font-weight:normal;padding:6px 12px 6px 0;white-space:nowrap;vertical-align:top}',
  'td{padding:6px 0;word-break:break-all;font-weight:500}',
  '.qr{text-align:center}.qr img{width:200px;height:200px}',
  '.notice{padding:12px;border-radius:6px;margin-bottom:12px}',
  '.ok{background:#f6ffed;border:1px solid #b7eb8f}.warn{background:#fffbe6;border:1px solid #ffe58f}.error{background:#fff2f0;border:1px solid #ffccc7}',
  'label{display:block;margin-bottom:6px}',
  'input{width:100%;box-sizing:border-box;font-size:16px;padding:10px;border:1px solid #d9d9d9;border-radius:6px}',
  'button{width:100%;margin-top:12px;padding:12px;font-size:16px;color:#fff;background:#1677ff;border:0;border-radius:6px}',
  'button:disabled{background:#bfbfbf}',
  '.countdown{font-weight:600;color:#d4380d}',
].join('');

/** A whole page: `body` is HTML the caller built from escaped values; `scripts` are same-origin paths. */
export function page(lang: string, title: string, body: string, scripts: string[] = []): string {
  const tags = scripts.map((src) => `<script src="${escape(src)}" defer></script>`).join('');
  return (
    `<!doctype html><html lang="${escape(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style>${tags}</head>` +
    `<body><main><h1>${escape(title)}</h1>${body}</main></body></html>`
  );
}

/** The pay details of an account as table rows, each cell marked with its field name. */
export function payDetailRows(row: Partial<Record<(typeof PAY_FIELDS)[number], string | null>>, declared: Record<string, unknown>, label: (name: string) => string): string {
  return PAY_FIELDS.filter((name) => name in declared && row[name])
    .map((name) => `<tr><th>${escape(label(name))}</th><td data-field="${name}">${escape(String(row[name]))}</td></tr>`)
    .join('');
}
