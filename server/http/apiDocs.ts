// GET /api/docs: the API reference for integrators, one HTML page rendered once at start-up from
// the executable schema (descriptions, arguments, the @can ability of every root field) plus the
// hand-written examples of docsExamples.ts. Public: it documents the contract, never data. No
// script, no external asset; every string from the schema is escaped.
import express from 'express';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isSpecifiedScalarType,
  isUnionType,
  Kind,
  parse,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { accessOf } from '../graphql/permissions';
import { loadTypeDefFiles } from '../graphql/schema';
import { docsExamples, type DocsExample } from './docsExamples';

const ROOTS = ['Query', 'Mutation', 'Subscription'] as const;
type Root = (typeof ROOTS)[number];
const ROOT_TITLES: Record<Root, string> = { Query: 'Consultas', Mutation: 'Mutaciones', Subscription: 'Suscripciones' };

/** Module title of each SDL file, in the order the page shows them; a file not listed here keeps its name. */
const MODULES: { file: string; title: string; intro: string }[] = [
  { file: 'sales.graphql', title: 'Ventas', intro: 'Clientes, cotizaciones, contratos, órdenes de servicio, facturas y cobranza.' },
  { file: 'warehouse.graphql', title: 'Almacén', intro: 'Catálogo de artículos, almacenes, movimientos, existencias, kárdex, conteos y requisiciones.' },
  { file: 'shopping.graphql', title: 'Compras', intro: 'Proveedores, gastos, solicitudes de pago, pagos a proveedores y cuentas.' },
  { file: 'cash.graphql', title: 'Caja', intro: 'Cajas, conceptos, periodos (apertura, arqueo y cierre) y movimientos de caja.' },
  { file: 'rh.graphql', title: 'Recursos Humanos', intro: 'Empleados, expedientes, convenios, nóminas, tablas fiscales e informes de RH.' },
  { file: 'dashboard.graphql', title: 'Tablero', intro: 'Indicadores del tablero de inicio.' },
  { file: 'search.graphql', title: 'Búsqueda', intro: 'Búsqueda rápida de registros por folio, RFC, número o nombre.' },
  { file: 'settings.graphql', title: 'Configuración', intro: 'Empresa, usuarios, roles, módulos y permisos.' },
  { file: 'session.graphql', title: 'Sesión', intro: 'Inicio y cierre de sesión, cambio de contraseña, reglas del usuario.' },
  { file: 'base.graphql', title: 'General', intro: 'Piezas comunes del esquema.' },
];

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const slug = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const plural = (n: number, one: string, many: string) => (n === 0 ? '' : `${n} ${n === 1 ? one : many}`);
const typeAnchor = (name: string) => `tipo-${name}`;
const fieldAnchor = (root: string, name: string) => `${root}-${name}`;

const describe = (text: string | null | undefined, fallback = 'Sin descripción.'): string =>
  text ? `<p class="desc">${esc(text)}</p>` : `<p class="desc missing">${fallback}</p>`;

function ability(field: GraphQLField<unknown, unknown>): string {
  const access = accessOf(field);
  if (!access) return '<span class="ability deny">sin declaración (denegado)</span>';
  if (access.kind === 'public') return '<span class="ability">público</span>';
  if (access.kind === 'authenticated') return '<span class="ability">sesión iniciada</span>';
  return `<span class="ability">permiso <code>${esc(access.action)}</code> sobre <code>${esc(access.subject)}</code></span>`;
}

/** The type as written in SDL, its named part linked to its section. */
function typeRef(type: GraphQLInputType | GraphQLOutputType, documented: Set<string>): string {
  const named = getNamedType(type);
  const text = String(type);
  const i = text.indexOf(named.name);
  const name = documented.has(named.name) ? `<a href="#${typeAnchor(named.name)}">${esc(named.name)}</a>` : esc(named.name);
  return `<code>${esc(text.slice(0, i))}${name}${esc(text.slice(i + named.name.length))}</code>`;
}

function argsTable(args: readonly GraphQLArgument[], documented: Set<string>): string {
  if (!args.length) return '<p class="muted">Sin argumentos.</p>';
  const rows = args
    .map(
      (a) =>
        `<tr><td><code>${esc(a.name)}</code></td><td>${typeRef(a.type, documented)}</td><td>${
          a.astNode?.defaultValue ? `<code>${esc(printValue(a.astNode.defaultValue))}</code>` : ''
        }</td><td>${a.description ? esc(a.description) : ''}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Argumento</th><th>Tipo</th><th>Por omisión</th><th>Descripción</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function printValue(node: NonNullable<GraphQLArgument['astNode']>['defaultValue']): string {
  if (!node) return '';
  switch (node.kind) {
    case Kind.STRING:
      return JSON.stringify(node.value);
    case Kind.INT:
    case Kind.FLOAT:
    case Kind.ENUM:
      return node.value;
    case Kind.BOOLEAN:
      return String(node.value);
    case Kind.NULL:
      return 'null';
    case Kind.LIST:
      return `[${node.values.map(printValue).join(', ')}]`;
    case Kind.OBJECT:
      return `{ ${node.fields.map((f) => `${f.name.value}: ${printValue(f.value)}`).join(', ')} }`;
    default:
      return '';
  }
}

/** Named types reachable from a root field: its arguments' inputs and its result's fields, recursively. */
function reachable(schema: GraphQLSchema, field: GraphQLField<unknown, unknown>, into: Set<string>) {
  const visit = (type: GraphQLNamedType) => {
    if (into.has(type.name) || isSpecifiedScalarType(type) || type.name.startsWith('__')) return;
    into.add(type.name);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const f of Object.values(type.getFields())) {
        visit(getNamedType(f.type));
        for (const a of f.args) visit(getNamedType(a.type));
      }
      for (const i of type.getInterfaces()) visit(i);
      if (isInterfaceType(type)) for (const impl of schema.getPossibleTypes(type)) visit(impl);
    } else if (isInputObjectType(type)) {
      for (const f of Object.values(type.getFields())) visit(getNamedType(f.type));
    } else if (isUnionType(type)) {
      for (const m of type.getTypes()) visit(m);
    }
  };
  for (const a of field.args) visit(getNamedType(a.type));
  visit(getNamedType(field.type));
}

function typeSection(type: GraphQLNamedType, documented: Set<string>): string {
  const kind = isObjectType(type)
    ? 'objeto'
    : isInputObjectType(type)
      ? 'entrada'
      : isEnumType(type)
        ? 'enumeración'
        : isScalarType(type)
          ? 'escalar'
          : isUnionType(type)
            ? 'unión'
            : 'interfaz';
  let body = '';
  if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
    const rows = Object.values(type.getFields())
      .map((f) => {
        const args = 'args' in f && f.args.length ? ` <span class="muted">(${f.args.map((a: GraphQLArgument) => `${esc(a.name)}: ${esc(String(a.type))}`).join(', ')})</span>` : '';
        const deprecated = 'deprecationReason' in f && f.deprecationReason ? ` <strong>Obsoleto:</strong> ${esc(f.deprecationReason)}` : '';
        return `<tr><td><code>${esc(f.name)}</code>${args}</td><td>${typeRef(f.type, documented)}</td><td>${f.description ? esc(f.description) : ''}${deprecated}</td></tr>`;
      })
      .join('');
    body = `<table><thead><tr><th>Campo</th><th>Tipo</th><th>Descripción</th></tr></thead><tbody>${rows}</tbody></table>`;
  } else if (isEnumType(type)) {
    body = `<table><thead><tr><th>Valor</th><th>Descripción</th></tr></thead><tbody>${type
      .getValues()
      .map((v) => `<tr><td><code>${esc(v.name)}</code></td><td>${v.description ? esc(v.description) : ''}</td></tr>`)
      .join('')}</tbody></table>`;
  } else if (isUnionType(type)) {
    body = `<p>Uno de: ${type
      .getTypes()
      .map((t) => typeRef(t, documented))
      .join(', ')}</p>`;
  }
  return `<section class="type" id="${typeAnchor(type.name)}"><h4><code>${esc(type.name)}</code> <span class="kind">${kind}</span></h4>${describe(type.description)}${body}</section>`;
}

function exampleBlock(example: DocsExample): string {
  const vars = example.variables ? `<p class="muted">Variables:</p><pre>${esc(JSON.stringify(example.variables, null, 2))}</pre>` : '';
  return `<div class="example"><h4>${esc(example.title)}</h4><pre>${esc(example.query)}</pre>${vars}</div>`;
}

const TOKEN_SECTION = `<section id="token"><h2>Cómo obtener un token</h2>
<p>Todas las operaciones van a <code>POST /api/graphql</code> con un cuerpo JSON <code>{"query": "…", "variables": {…}}</code>
(las suscripciones, por WebSocket en la misma ruta con el protocolo <code>graphql-transport-ws</code> y el token en
<code>connectionParams.authorization</code>). Salvo las marcadas como <em>público</em>, cada operación exige un token en el
encabezado <code>Authorization: Bearer &lt;token&gt;</code>; las marcadas con un permiso exigen además que el rol del
token tenga esa habilidad (acción sobre «Módulo-Submódulo»), si no la respuesta trae el código <code>FORBIDDEN</code>.</p>
<ol>
<li><strong>Un usuario</strong>: la mutación <code>login(email, password)</code> devuelve <code>token</code> (sesión con
vigencia limitada; ver el ejemplo de la sección Sesión). <code>logout</code> la cierra.</li>
<li><strong>Una integración</strong>: un administrador crea una cuenta de servicio en <em>Configuración</em> (nombre y
rol); el token se muestra <strong>una sola vez</strong> al crearla: guárdalo en un lugar seguro. Se envía igual, como
<code>Authorization: Bearer &lt;token&gt;</code>, obedece los permisos del rol elegido y puede revocarse.</li>
<li><strong>El esquema completo</strong> (SDL con descripciones y la directiva <code>@can</code> de cada campo) se
descarga con <code>GET /api/schema.graphql</code> y el mismo encabezado, aun cuando la introspección está apagada.</li>
</ol>
<pre>curl -s https://erp.example.mx/api/graphql \\
  -H 'Content-Type: application/json' \\
  -H 'Authorization: Bearer &lt;token&gt;' \\
  -d '{"query":"{ clients(list: { pageSize: 5 }) { total items { name rfc } } }"}'</pre>
<p>Importes y cantidades viajan como texto decimal exacto (<code>Decimal</code>, p. ej. <code>"1234.50"</code>), las fechas como
<code>AAAA-MM-DD</code> y los instantes en ISO-8601 UTC. Un servidor configurado con <code>ERP_PERSISTED_QUERIES=only</code>
acepta únicamente las operaciones de la aplicación web.</p>
</section>`;

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d2430;background:#fff}
main{max-width:1100px;margin:0 auto;padding:1.5rem}
nav.toc{background:#f4f6f9;padding:1rem 1.5rem;border-radius:6px}
nav.toc ul{margin:.25rem 0}
h2{border-bottom:2px solid #dfe3ea;padding-bottom:.25rem;margin-top:2.5rem}
h3{margin-top:1.75rem}
h4{margin:1.25rem 0 .25rem}
code,pre{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em}
pre{background:#f4f6f9;padding:.75rem;overflow:auto;border-radius:4px}
table{border-collapse:collapse;width:100%;margin:.5rem 0}
th,td{border:1px solid #dfe3ea;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f4f6f9}
.desc{white-space:pre-line}
.missing,.muted{color:#6b7380}
.ability{display:inline-block;background:#e8f1fb;border-radius:4px;padding:0 .4rem}
.deny{background:#fbe8e8}
.kind{font-weight:normal;color:#6b7380;font-size:.85em}
.field{border-left:3px solid #dfe3ea;padding-left:1rem;margin:1rem 0}`;

/** The whole page. `files` are the SDL files (name + text) the schema was built from. */
export function renderApiDocs(schema: GraphQLSchema, files: { file: string; sdl: string }[], examples: Record<string, DocsExample[]> = docsExamples): string {
  // Root field → the file that declares it.
  const moduleOf = new Map<string, string>();
  for (const { file, sdl } of files) {
    for (const def of parse(sdl, { noLocation: true }).definitions) {
      if ((def.kind === Kind.OBJECT_TYPE_DEFINITION || def.kind === Kind.OBJECT_TYPE_EXTENSION) && (ROOTS as readonly string[]).includes(def.name.value)) {
        for (const f of def.fields ?? []) moduleOf.set(`${def.name.value}.${f.name.value}`, file);
      }
    }
  }
  const known = new Set(MODULES.map((m) => m.file));
  const modules = [
    ...MODULES.filter((m) => files.some((f) => f.file === m.file)),
    ...files.filter((f) => !known.has(f.file)).map((f) => ({ file: f.file, title: f.file.replace(/\.graphql$/, ''), intro: '' })),
  ];

  // Root fields per module, and the types each module reaches.
  const fieldsOf = new Map<string, { root: Root; field: GraphQLField<unknown, unknown> }[]>();
  const reach = new Map<string, Set<string>>();
  for (const root of ROOTS) {
    const type = schema.getType(root);
    if (!type || !isObjectType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      if (field.name === '_noop') continue;
      const file = moduleOf.get(`${root}.${field.name}`) ?? 'base.graphql';
      if (!fieldsOf.has(file)) fieldsOf.set(file, []);
      fieldsOf.get(file)!.push({ root, field });
      if (!reach.has(file)) reach.set(file, new Set());
      reachable(schema, field, reach.get(file)!);
    }
  }
  // A type reached by one module is documented there; by several, under «Tipos comunes».
  const reachers = new Map<string, string[]>();
  for (const [file, names] of reach) for (const n of names) reachers.set(n, [...(reachers.get(n) ?? []), file]);
  const documented = new Set(reachers.keys());
  const common = [...reachers].filter(([, r]) => r.length > 1).map(([n]) => n).sort();
  const ownTypes = (file: string) => [...(reach.get(file) ?? [])].filter((n) => reachers.get(n)!.length === 1).sort();

  const shown = modules.filter((m) => fieldsOf.get(m.file)?.length);
  const toc = `<nav class="toc" aria-label="Índice"><h2 style="border:0;margin-top:0">Índice</h2><ul>
<li><a href="#token">Cómo obtener un token</a></li>
${shown
  .map((m) => {
    const fields = fieldsOf.get(m.file)!;
    const count = (r: Root) => fields.filter((f) => f.root === r).length;
    const counts = [plural(count('Query'), 'consulta', 'consultas'), plural(count('Mutation'), 'mutación', 'mutaciones'), plural(count('Subscription'), 'suscripción', 'suscripciones')];
    return `<li><a href="#modulo-${slug(m.title)}">${esc(m.title)}</a> <span class="muted">(${counts.filter(Boolean).join(', ')})</span></li>`;
  })
  .join('\n')}
<li><a href="#tipos-comunes">Tipos comunes</a></li>
</ul></nav>`;

  const moduleSection = (m: (typeof modules)[number]) => {
    const fields = fieldsOf.get(m.file)!;
    const ex = examples[m.title] ?? [];
    const rootBlocks = ROOTS.map((root) => {
      const list = fields.filter((f) => f.root === root).sort((a, b) => a.field.name.localeCompare(b.field.name));
      if (!list.length) return '';
      return `<h3>${ROOT_TITLES[root]}</h3>${list
        .map(
          ({ field }) =>
            `<div class="field" id="${fieldAnchor(root, field.name)}"><h4><code>${esc(field.name)}</code></h4>${describe(field.description)}<p>Requiere: ${ability(field)}</p>${argsTable(
              field.args,
              documented,
            )}<p>Devuelve: ${typeRef(field.type, documented)}</p>${field.deprecationReason ? `<p><strong>Obsoleto:</strong> ${esc(field.deprecationReason)}</p>` : ''}</div>`,
        )
        .join('')}`;
    }).join('');
    const own = ownTypes(m.file);
    return `<section class="module" id="modulo-${slug(m.title)}"><h2>${esc(m.title)}</h2>${m.intro ? `<p>${esc(m.intro)}</p>` : ''}${
      ex.length ? `<h3>Ejemplos</h3>${ex.map(exampleBlock).join('')}` : ''
    }${rootBlocks}${own.length ? `<h3>Tipos de ${esc(m.title)}</h3>${own.map((n) => typeSection(schema.getType(n)!, documented)).join('')}` : ''}</section>`;
  };

  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>API GraphQL del ERP</title><style>${STYLE}</style></head>
<body><main>
<h1>API GraphQL del ERP</h1>
<p>Referencia generada del esquema del servidor: cada módulo con sus consultas y mutaciones, el permiso que exige cada una,
sus argumentos y los tipos que devuelve. El mismo contrato, en SDL, está en <code>GET /api/schema.graphql</code>.</p>
${toc}
${TOKEN_SECTION}
${shown.map(moduleSection).join('\n')}
<section id="tipos-comunes"><h2>Tipos comunes</h2><p>Tipos que aparecen en más de un módulo.</p>${common.map((n) => typeSection(schema.getType(n)!, documented)).join('')}</section>
</main></body></html>
`;
}

/** The router serving the page, rendered once on its first visit. */
export function apiDocsRouter(schema: GraphQLSchema): express.Router {
  // Not at start-up: rendering parses every SDL file again (about 130 ms of the server's start).
  // Kept once rendered: the schema does not change while the process runs.
  let html: string | null = null;
  const router = express.Router();
  router.get('/', (_req, res) => {
    html ??= renderApiDocs(schema, loadTypeDefFiles());
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('text/html; charset=utf-8').send(html);
  });
  return router;
}
