// Documents the server builds (PDF as base64, CFDI XML as text, XML+PDF as a ZIP in base64)
// become downloads. Evidence files go through /api/files (components/Attachments).
import type { ApolloClient } from '@apollo/client';
import { InvoicesArchiveDocument } from '../../../../generated/modules/sales/graphql';
import { downloadBase64 } from '../../../components/attachments';

export { downloadXml } from '../../../components/attachments';

export const downloadPdf = (base64: string, name: string): void => downloadBase64(base64, `${name}.pdf`, 'application/pdf');

/** A CFDI archive (XML y PDF in one ZIP) as the server named it. */
export type CfdiArchive = { fileName: string; base64: string };

export const downloadArchive = (archive: CfdiArchive): void => downloadBase64(archive.base64, archive.fileName, 'application/zip');

/**
 * «Descargar XML y PDF» of stamped invoices (one, from the invoice form, or a list selection): one
 * ZIP, Factura-serie-folio-UUID.xml/.pdf for each. Throws the server's Spanish refusal when one is
 * not stamped.
 */
export async function downloadInvoicesArchive(apollo: ApolloClient, ids: string[]): Promise<void> {
  const r = await apollo.query({ query: InvoicesArchiveDocument, variables: { ids }, fetchPolicy: 'network-only' });
  if (r.data) downloadArchive(r.data.facturasArchivos);
}
