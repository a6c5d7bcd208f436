// /api/docs is rendered from the executable schema: every module, the ability of every root
// field, examples that are valid operations, and nothing from the schema unescaped.
import { makeExecutableSchema } from '@graphql-tools/schema';
import { parse, validate, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSchema, loadTypeDefFiles } from '../../../server/graphql/schema';
import { renderApiDocs } from '../../../server/http/apiDocs';
import { docsExamples } from '../../../server/http/docsExamples';

const schema = buildSchema();
const html = renderApiDocs(schema, loadTypeDefFiles());

describe('/api/docs page', () => {
  it('has a section per module and the token section, linked from the table of contents', () => {
    for (const [id, title] of [
      ['modulo-ventas', 'Ventas'],
      ['modulo-almacen', 'Almacén'],
      ['modulo-compras', 'Compras'],
      ['modulo-caja', 'Caja'],
      ['modulo-recursos-humanos', 'Recursos Humanos'],
      ['modulo-configuracion', 'Configuración'],
      ['token', 'Cómo obtener un token'],
    ]) {
      expect(html).toContain(`id="${id}"><h2>${title}</h2>`);
      expect(html).toContain(`<a href="#${id}">`);
    }
  });

  it('shows every root field of the schema with the ability it needs', () => {
    for (const root of ['Query', 'Mutation'] as const) {
      for (const name of Object.keys((schema.getType(root) as GraphQLObjectType).getFields())) {
        if (name === '_noop') continue;
        expect(html, `${root}.${name}`).toContain(`id="${root}-${name}"`);
      }
    }
    expect(html).toMatch(/id="Query-payrollTaxPreview">.*?Requiere: <span class="ability">permiso <code>ver<\/code> sobre <code>Recursos Humanos-Nóminas Fiscales<\/code>/);
    expect(html).toMatch(/id="Mutation-login">.*?Requiere: <span class="ability">público/);
    expect(html).toMatch(/id="Query-me">.*?Requiere: <span class="ability">sesión iniciada/);
    expect(html).not.toContain('sin declaración');
  });

  it('documents the types reachable from the root fields, with their field descriptions', () => {
    expect(html).toContain('id="tipo-PayrollTaxPreviewInput"');
    expect(html).toContain('id="tipo-Client"');
    expect(html).toContain(schema.getType('Attachment')!.description!.split('\n')[0]);
  });

  it('ships only examples that validate against the schema, for the modules asked for', () => {
    expect(Object.keys(docsExamples)).toEqual(expect.arrayContaining(['Ventas', 'Almacén', 'Caja', 'Compras', 'Recursos Humanos']));
    const all = Object.values(docsExamples).flat();
    for (const ex of all) expect(validate(schema, parse(ex.query)), ex.title).toEqual([]);
    expect(all.map((e) => e.query).join('\n')).toContain('payrollTaxPreview');
    expect(all.map((e) => e.query).join('\n')).toContain('rhEmployees');
  });

  it('has no script and escapes every string that comes from the schema', () => {
    expect(html).not.toMatch(/<script/i);
    const hostile = makeExecutableSchema({
      typeDefs: `
        directive @public on FIELD_DEFINITION
        "Tipo <script>alert(1)</script>"
        type Evil { "campo <img src=x onerror=alert(1)>" name: String }
        type Query { "consulta \\"</code><script>x()</script>" evil(arg: String = "<script>"): Evil @public }`,
    });
    const page = renderApiDocs(hostile, [{ file: 'evil.graphql', sdl: 'type Query { evil: String }' }], {});
    expect(page).not.toMatch(/<script|<img/i);
    expect(page).toContain('Tipo &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('campo &lt;img src=x onerror=alert(1)&gt;');
  });
});
