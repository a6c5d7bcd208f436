// Imports articles from a spreadsheet through the shared ImportDialog: the
// header row is matched to the article fields (the usual Spanish names for
// each column), the server validates every row and imports all or none; its
// "rows.<n>.<field>" messages are listed by spreadsheet row and column.
import { useMutation } from '@apollo/client/react';
import { ArticleImportDocument, type ArticleImportRow } from '../../../../generated/modules/warehouse/graphql';
import { ImportDialog } from '../../../components/ImportDialog';
import { texts } from '../texts';

const t = texts.articles;

type Key = keyof ArticleImportRow;

/** Header texts people write for each column (accents, case and punctuation ignored). */
export const ARTICLE_IMPORT_HEADERS: Readonly<Record<string, Key>> = {
  sku: 'sku',
  clave: 'sku',
  codigo: 'sku',
  nombre: 'name',
  descripcion: 'name',
  articulo: 'name',
  linea: 'line',
  familia: 'line',
  unidad: 'unit',
  'unidad de medida': 'unit',
  um: 'unit',
  minimo: 'minStock',
  min: 'minStock',
  maximo: 'maxStock',
  max: 'maxStock',
  'punto de reorden': 'reorderPoint',
  reorden: 'reorderPoint',
  'codigo de barras': 'barcode',
  barras: 'barcode',
  ean: 'barcode',
};

export const ARTICLE_IMPORT_REQUIRED: readonly Key[] = ['sku', 'name', 'line', 'unit'];

export const ARTICLE_FIELD_LABELS: Readonly<Record<Key, string>> = {
  sku: t.sku,
  name: texts.common.name,
  line: t.line,
  unit: texts.common.unit,
  minStock: t.min,
  maxStock: t.max,
  reorderPoint: t.reorder,
  barcode: t.barcode,
};

export function ArticleImport({ opened, onClose, onDone }: { opened: boolean; onClose: () => void; onDone: () => void }) {
  const [run] = useMutation(ArticleImportDocument);
  return (
    <ImportDialog
      opened={opened}
      onClose={onClose}
      title={t.importTitle}
      help={t.importHelp}
      headers={ARTICLE_IMPORT_HEADERS}
      required={ARTICLE_IMPORT_REQUIRED}
      missingColumns={t.importMissingHeaders}
      run={async (rows) => (await run({ variables: { rows } })).data?.articleImport.created ?? 0}
      done={t.importDone}
      onImported={onDone}
      fieldLabels={ARTICLE_FIELD_LABELS}
    />
  );
}
