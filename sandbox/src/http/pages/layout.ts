import type { Language } from './messages.js';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f3f5f7;color:#1b1f23}
header{background:#0b3d5c;color:#fff;padding:1rem 1.5rem;font-weight:600}
main{max-width:32rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:.5rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.35rem;margin-top:0}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;box-sizing:border-box;padding:.55rem;font-size:1rem;border:1px solid #6a737d;border-radius:.25rem}
button{font-size:1rem;padding:.6rem 1.2rem;border-radius:.25rem;border:1px solid #0b3d5c;cursor:pointer;margin-top:1rem}
button.primary{background:#0b3d5c;color:#fff}
button.secondary{background:#fff;color:#0b3d5c}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1rem}.actions button{margin:0}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #f0b400;outline-offset:2px}
[role=alert]{background:#fdecea;border:1px solid #b3261e;color:#7a1610;padding:.6rem;border-radius:.25rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:.3rem;border-bottom:1px solid #e1e4e8;vertical-align:top}
.recipient{font-weight:600}.account{overflow-wrap:anywhere}
.note{font-size:.85rem;color:#57606a;margin-top:1.5rem}
nav.language{margin-top:1.5rem;border-top:1px solid #e1e4e8;padding-top:.75rem}
nav.language a,nav.language button{color:#0b3d5c;font-size:1rem}
nav.language button{background:none;border:none;padding:0;margin:0;text-decoration:underline}
`;

/**
 * One page of the bank's own (the SCA pages, the electronic-ID sign-in): server-rendered, no scripts, nothing
 * loaded from elsewhere, `lang` on the root. `languageSwitch` (language-switch.ts) closes the main part.
 */
export function layout(options: {
  language: Language;
  title: string;
  header: string;
  content: string;
  note: string;
  languageSwitch: string;
}): string {
  return `<!doctype html>
<html lang="${options.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>${escapeHtml(options.header)}</header>
<main>
${options.content}
<p class="note">${escapeHtml(options.note)}</p>
${options.languageSwitch}
</main>
</body>
</html>`;
}
