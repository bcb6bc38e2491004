import { readdirSync, readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { readYamlDocument } from '../../yaml-document.js';

/**
 * API reference at /docs: every `contract/*.yaml` rendered server-side as plain HTML tables (operations with
 * their parameters and responses, then the schemas), no scripts and nothing loaded from elsewhere; the YAML
 * itself at /docs/<name>.yaml. Read from disk on each request, so an edited contract shows at once (parsed
 * once per text: readYamlDocument).
 */
const CONTRACT_DIR = new URL('../../../../contract/', import.meta.url);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

type Obj = Record<string, unknown>;

function contractFiles(): string[] {
  return readdirSync(CONTRACT_DIR)
    .filter((f) => /^[a-z0-9-]+\.ya?ml$/.test(f))
    .sort();
}

function esc(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function obj(value: unknown): Obj {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {};
}

function anchor(file: string, kind: string, name: string): string {
  return `${file.replace(/\.ya?ml$/, '')}-${kind}-${name.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
}

/** Resolves a local `$ref` (`#/components/...`) once; other refs are shown as they are. */
function deref(doc: Obj, value: unknown): Obj {
  const ref = obj(value).$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return obj(value);
  let node: unknown = doc;
  for (const part of ref.slice(2).split('/')) node = obj(node)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return obj(node);
}

/** A short type description: `string (uuid)`, `array of Amount`, links to named schemas. */
function typeOf(file: string, schema: unknown): string {
  const s = obj(schema);
  const ref = s.$ref;
  if (typeof ref === 'string') {
    const name = ref.split('/').pop() ?? ref;
    return ref.startsWith('#/components/schemas/')
      ? `<a href="#${anchor(file, 'schema', name)}">${esc(name)}</a>`
      : esc(name);
  }
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const list = s[key];
    if (Array.isArray(list)) return `${key} (${list.map((x) => typeOf(file, x)).join(', ')})`;
  }
  const type = Array.isArray(s.type) ? s.type.join(' | ') : typeof s.type === 'string' ? s.type : '';
  if (type === 'array' || s.items) return `array of ${typeOf(file, s.items)}`;
  const parts = [esc(type || (s.properties ? 'object' : 'any'))];
  if (s.format) parts.push(`(${esc(s.format)})`);
  if (Array.isArray(s.enum)) parts.push(`: ${s.enum.map((e) => `<code>${esc(e)}</code>`).join(', ')}`);
  if (s.pattern) parts.push(` pattern <code>${esc(s.pattern)}</code>`);
  if (s.maxLength !== undefined) parts.push(` max ${esc(s.maxLength)}`);
  return parts.join(' ');
}

function firstLine(text: unknown): string {
  return esc(String(text ?? '').trim());
}

function renderOperation(file: string, doc: Obj, path: string, method: string, op: Obj): string {
  const id = typeof op.operationId === 'string' ? op.operationId : `${method}-${path}`;
  const params = [...(Array.isArray(op.parameters) ? op.parameters : [])].map((p) => deref(doc, p));
  const rows = params
    .map(
      (p) =>
        `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${typeOf(file, p.schema)}</td><td>${firstLine(p.description)}</td></tr>`,
    )
    .join('');
  const body = deref(doc, op.requestBody);
  const bodyTypes = Object.entries(obj(body.content))
    .map(([type, media]) => `<code>${esc(type)}</code>: ${typeOf(file, obj(media).schema)}`)
    .join('<br>');
  const responses = Object.entries(obj(op.responses))
    .map(([code, raw]) => {
      const response = deref(doc, raw);
      const content = Object.entries(obj(response.content))
        .map(([type, media]) => `<code>${esc(type)}</code>: ${typeOf(file, obj(media).schema)}`)
        .join('<br>');
      return `<tr><td>${esc(code)}</td><td>${firstLine(response.description)}</td><td>${content}</td></tr>`;
    })
    .join('');
  return `<section id="${anchor(file, 'op', id)}">
<h3><code>${esc(method.toUpperCase())} ${esc(path)}</code></h3>
${op.summary ? `<p><strong>${esc(op.summary)}</strong></p>` : ''}
${op.description ? `<p class="pre">${esc(op.description)}</p>` : ''}
${rows ? `<table><caption>Parameters</caption><thead><tr><th scope="col">name</th><th scope="col">in</th><th scope="col">required</th><th scope="col">type</th><th scope="col">description</th></tr></thead><tbody>${rows}</tbody></table>` : ''}
${bodyTypes ? `<p>Request body${body.required ? ' (required)' : ''}: ${bodyTypes}</p>` : ''}
${responses ? `<table><caption>Responses</caption><thead><tr><th scope="col">status</th><th scope="col">description</th><th scope="col">body</th></tr></thead><tbody>${responses}</tbody></table>` : ''}
</section>`;
}

function renderSchema(file: string, name: string, schema: Obj): string {
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const rows = Object.entries(obj(schema.properties))
    .map(([prop, raw]) => {
      const p = obj(raw);
      return `<tr><td><code>${esc(prop)}</code></td><td>${typeOf(file, p)}</td><td>${required.has(prop) ? 'yes' : 'no'}</td><td>${firstLine(p.description)}</td></tr>`;
    })
    .join('');
  return `<section id="${anchor(file, 'schema', name)}">
<h3>${esc(name)}</h3>
<p>${typeOf(file, schema)}${schema.additionalProperties === false ? ', no other properties' : ''}</p>
${schema.description ? `<p class="pre">${esc(schema.description)}</p>` : ''}
${rows ? `<table><thead><tr><th scope="col">property</th><th scope="col">type</th><th scope="col">required</th><th scope="col">description</th></tr></thead><tbody>${rows}</tbody></table>` : ''}
</section>`;
}

function renderContract(file: string): { toc: string; body: string } {
  const doc = obj(readYamlDocument(new URL(file, CONTRACT_DIR)));
  const info = obj(doc.info);
  const title = typeof info.title === 'string' ? info.title : file;
  const ops: string[] = [];
  const toc: string[] = [];
  for (const [path, rawItem] of Object.entries(obj(doc.paths))) {
    const item = obj(rawItem);
    for (const method of METHODS) {
      const op = obj(item[method]);
      if (!item[method]) continue;
      const id = typeof op.operationId === 'string' ? op.operationId : `${method}-${path}`;
      toc.push(
        `<li><a href="#${anchor(file, 'op', id)}"><code>${esc(method.toUpperCase())} ${esc(path)}</code></a></li>`,
      );
      ops.push(renderOperation(file, doc, path, method, op));
    }
  }
  const schemas = Object.entries(obj(obj(doc.components).schemas)).map(([name, s]) =>
    renderSchema(file, name, obj(s)),
  );
  const servers = (Array.isArray(doc.servers) ? doc.servers : [])
    .map((s) => `<code>${esc(obj(s).url)}</code>`)
    .join(', ');
  return {
    toc: `<li><a href="#${anchor(file, 'file', file)}">${esc(title)}</a> (<a href="/docs/${esc(file)}">${esc(file)}</a>)<ul>${toc.join('')}</ul></li>`,
    body: `<article id="${anchor(file, 'file', file)}">
<h2>${esc(title)} <small>${esc(info.version)}</small></h2>
<p>Source: <a href="/docs/${esc(file)}">${esc(file)}</a>${servers ? `. Servers: ${servers}` : ''}</p>
${info.description ? `<p class="pre">${esc(info.description)}</p>` : ''}
<h2>Operations</h2>
${ops.join('\n')}
<h2>Schemas</h2>
${schemas.join('\n')}
</article>`,
  };
}

export function renderDocsPage(): string {
  const parts = contractFiles().map((file) => {
    try {
      return renderContract(file);
    } catch (error) {
      return {
        toc: `<li>${esc(file)}: could not be read</li>`,
        body: `<p>${esc(file)}: ${esc((error as Error).message)}</p>`,
      };
    }
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox bank API reference</title>
<style>
body{font-family:system-ui,sans-serif;line-height:1.45;max-width:72rem;margin:0 auto;padding:1rem;color:#111}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}th,td{border:1px solid #999;padding:.25rem .5rem;text-align:left;vertical-align:top}
caption{text-align:left;font-weight:600}code{font-size:.95em}.pre{white-space:pre-wrap}section{border-top:1px solid #ccc;margin-top:1rem}
a{color:#0645ad}a:focus{outline:2px solid #000}
</style>
</head>
<body>
<header><h1>Sandbox bank API reference</h1>
<p>Rendered from the contracts in <code>contract/</code>. The sandbox serves the PIS interface under <code>/psd2</code> and its token endpoint under <code>/oauth</code>.</p></header>
<nav aria-label="Contents"><h2>Contents</h2><ul>${parts.map((p) => p.toc).join('')}</ul></nav>
<main>${parts.map((p) => p.body).join('\n')}</main>
</body>
</html>`;
}

export function docsRoutes() {
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
  });
  app.get('/', (c) => c.html(renderDocsPage()));
  app.get('/:file{[a-z0-9-]+\\.ya?ml}', (c) => {
    const file = c.req.param('file');
    if (!contractFiles().includes(file)) return c.body(null, 404);
    return c.body(readFileSync(new URL(file, CONTRACT_DIR), 'utf8'), 200, {
      'Content-Type': 'application/yaml; charset=utf-8',
    });
  });
  return app;
}
