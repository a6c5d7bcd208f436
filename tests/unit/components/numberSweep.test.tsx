// @vitest-environment jsdom
// Number sweep (issue 25): every numeric field of every form and dialog, found
// by reading the sources rather than listed by hand, so a new screen is swept
// without anyone adding it. Two parts:
// 1. no screen bypasses the shared NumberField (Mantine's NumberInput, a
//    type="number" input), since only NumberField keeps the rules below;
// 2. every <NumberField …/> under client/ is rendered with its own precision,
//    bounds and money flag, and 1.5, 1,5, 1,234.5, -1 and abc are typed into
//    it: the field keeps the text as typed and either hands the form the same
//    figure or refuses it in Spanish — never another number.
import { installMantineDom } from '../mantineDom';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, createElement, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { NumberField } from '../../../client/components/NumberField';

const ROOT = join(__dirname, '../../..');
const CLIENT = join(ROOT, 'client');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

type FieldDefinition = { where: string; precision: number; min?: number | string; max?: number | string; money: boolean; maxLabel?: string };

/** A literal attribute value, or undefined when it is computed at run time. */
function literal(init: ts.JsxAttributeValue | undefined, file: ts.SourceFile): { value: number | string | boolean | undefined; computed: boolean; text: string } {
  if (init === undefined) return { value: true, computed: false, text: 'true' };
  if (ts.isStringLiteral(init)) return { value: init.text, computed: false, text: init.text };
  if (ts.isJsxExpression(init) && init.expression) {
    const e = init.expression;
    const text = e.getText(file);
    if (ts.isNumericLiteral(e)) return { value: Number(e.text), computed: false, text };
    if (ts.isPrefixUnaryExpression(e) && e.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(e.operand)) return { value: -Number(e.operand.text), computed: false, text };
    if (ts.isStringLiteralLike(e)) return { value: e.text, computed: false, text };
    if (e.kind === ts.SyntaxKind.TrueKeyword) return { value: true, computed: false, text };
    if (e.kind === ts.SyntaxKind.FalseKeyword) return { value: false, computed: false, text };
    return { value: undefined, computed: true, text };
  }
  return { value: undefined, computed: true, text: '' };
}

/**
 * Every <NumberField> in the client with its rules. A rule computed at run
 * time is swept at its likely values: a computed precision as both a whole
 * unit (0) and money (2); a computed max as 1000; a computed min as -100 when
 * it is written negated, else 0.
 */
function fieldDefinitions(): FieldDefinition[] {
  const found: FieldDefinition[] = [];
  for (const path of sources(CLIENT)) {
    if (!path.endsWith('.tsx')) continue;
    const text = readFileSync(path, 'utf8');
    if (!text.includes('<NumberField')) continue;
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const visit = (node: ts.Node) => {
      if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && node.tagName.getText(file) === 'NumberField') {
        const attrs = new Map<string, ReturnType<typeof literal>>();
        for (const a of node.attributes.properties) if (ts.isJsxAttribute(a)) attrs.set(a.name.getText(file), literal(a.initializer, file));
        const where = `${relative(ROOT, path)}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;
        const p = attrs.get('precision');
        const min = attrs.get('min');
        const max = attrs.get('max');
        const money = attrs.get('money');
        const base = {
          where,
          min: min === undefined ? undefined : min.computed ? (min.text.trim().startsWith('-') ? -100 : 0) : (min.value as number | string),
          max: max === undefined ? undefined : max.computed ? 1000 : (max.value as number | string),
          money: money !== undefined && (money.computed || money.value === true),
          maxLabel: typeof attrs.get('maxLabel')?.value === 'string' ? (attrs.get('maxLabel')?.value as string) : undefined,
        };
        const precisions = p === undefined || p.computed ? [0, 2] : [p.value as number];
        for (const precision of precisions) found.push({ ...base, precision });
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

describe('no screen bypasses NumberField', () => {
  it('no Mantine NumberInput and no type="number" input outside the shared component', () => {
    const offenders: string[] = [];
    for (const path of sources(CLIENT)) {
      if (path.endsWith(join('components', 'NumberField.tsx'))) continue;
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/\bNumberInput\b/.test(line) || /type=["']number["']|type=\{["']number["']\}/.test(line)) offenders.push(`${relative(ROOT, path)}:${i + 1}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});

// What each typed text says in es-MX, when the field takes it.
const TYPED: Record<string, string | null> = { '1.5': '1.5', '1,5': null, '1,234.5': '1234.5', '-1': '-1', abc: null };
// Every refusal the field may give, in Spanish.
const SPANISH_REFUSAL = /^(Usa punto para decimales: |Las comas separan miles|Escribe solo cifras|No puede ser negativo\.|Debe ser un número entero\.|Máximo \d+ decimal|No puede ser (mayor|menor) que )/;

installMantineDom();
let root: Root | null = null;
let container: HTMLElement | null = null;
beforeAll(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterAll(() => {
  act(() => root?.unmount());
  container?.remove();
});

function setText(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    input.focus();
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  act(() => input.blur());
}

const definitions = fieldDefinitions();

describe('number sweep: every NumberField of every form', () => {
  it('finds the fields of the forms (the sweep is not empty)', () => {
    expect(definitions.length).toBeGreaterThan(60);
    expect(definitions.some((d) => d.where.includes('security/deliveries/DeliveriesPage.tsx'))).toBe(true);
    expect(definitions.some((d) => d.where.includes('shopping/pages/PayoffsPage.tsx'))).toBe(true);
  });

  it.each(definitions.map((d) => [`${d.where} (precisión ${d.precision})`, d] as const))('%s keeps what is typed or refuses it in Spanish', (_, d) => {
    const emitted: string[] = [];
    function Field() {
      const [value, setValue] = useState('');
      return createElement(NumberField, {
        label: 'Campo',
        precision: d.precision,
        min: d.min,
        max: d.max,
        money: d.money,
        maxLabel: d.maxLabel,
        value,
        onChange: (v: string) => {
          emitted.push(v);
          setValue(v);
        },
      });
    }
    act(() => root?.render(createElement(MantineProvider, { env: 'test' }, createElement(Field, { key: d.where + d.precision }))));
    const input = container?.querySelector('input') as HTMLInputElement;
    for (const [typed, figure] of Object.entries(TYPED)) {
      emitted.length = 0;
      setText(input, typed);
      const error = container?.querySelector('.mantine-InputWrapper-error')?.textContent ?? null;
      // The text stays as typed (money may add its scale: "1.5" → "1.50").
      expect(input.value.startsWith(typed), `${typed} → ${input.value}`).toBe(true);
      const handed = emitted[emitted.length - 1] ?? '';
      if (error === null) {
        expect(figure, `${typed} taken without a refusal`).not.toBeNull();
        expect(handed).toBe(figure);
      } else {
        expect(error, `${typed}: ${error}`).toMatch(SPANISH_REFUSAL);
        // A refused figure is handed over as itself or as nothing, never as another number.
        if (handed !== '') expect(handed).toBe(figure);
      }
      if (d.precision === 0 && typed === '1.5') expect(error).toBe('Debe ser un número entero.');
      if (typed === '-1' && !(Number(d.min) < 0)) expect(error).toBe('No puede ser negativo.');
    }
  });
});
