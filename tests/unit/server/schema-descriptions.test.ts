// /api/docs is only as good as the SDL's descriptions: every root field, type,
// field and argument-free input field carries one, in Spanish (issue 8). A new
// type or field must come described; the failure names what lacks one.
import { isEnumType, isInputObjectType, isInterfaceType, isIntrospectionType, isObjectType, isSpecifiedScalarType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildBaseSchema } from '../../../server/graphql/schema';

const schema = buildBaseSchema();
const ROOTS = ['Query', 'Mutation', 'Subscription'];

const ownTypes = Object.values(schema.getTypeMap()).filter((type) => !isIntrospectionType(type) && !isSpecifiedScalarType(type));

/** Every described element: [where, text]. */
function descriptions(): { where: string; text: string | null | undefined }[] {
  const out: { where: string; text: string | null | undefined }[] = [];
  for (const type of ownTypes) {
    if (!ROOTS.includes(type.name)) out.push({ where: type.name, text: type.description });
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (type.name === 'Subscription' && field.name === '_noop') continue;
        out.push({ where: `${type.name}.${field.name}`, text: field.description });
      }
    }
    if (isEnumType(type)) for (const value of type.getValues()) out.push({ where: `${type.name}.${value.name}`, text: value.description });
  }
  return out;
}

// A description in English reads like this; the Spanish ones have their articles and prepositions.
const ENGLISH = /\b(the|of|and|is|are|when|with|only|which|this|that|returns?|without|for|from|each|every|must)\b/i;
const SPANISH = /\b(el|la|los|las|lo|de|del|al|que|con|sin|por|para|una?|cada|se|es|en|y|o)\b/i;

describe('SDL descriptions', () => {
  it('every type, field, input field and enum value has a description', () => {
    const missing = descriptions()
      .filter((d) => !d.text?.trim())
      .map((d) => d.where);
    expect(missing).toEqual([]);
  });

  it('descriptions are written in Spanish', () => {
    const english = descriptions()
      .filter((d) => d.text && ENGLISH.test(d.text) && !SPANISH.test(d.text))
      .map((d) => `${d.where}: ${d.text}`);
    expect(english).toEqual([]);
  });
});
