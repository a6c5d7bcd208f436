// Documents the server builds (PDF as base64, CFDI XML as text) become
// downloads; evidence files travel the other way as base64.
import { downloadBlob } from '../../../components/exportRows';
import { downloadBase64, fileToBase64, MAX_ATTACHMENT_BYTES } from '../../../components/attachments';

export { downloadBase64, fileToBase64, MAX_ATTACHMENT_BYTES };

export const downloadPdf = (base64: string, name: string): void => downloadBase64(base64, `${name}.pdf`, 'application/pdf');

export const downloadXml = (xml: string, name: string): void => downloadBlob(new Blob([xml], { type: 'application/xml' }), `${name}.xml`);
