// Documents the server builds (PDF as base64, CFDI XML as text) become
// downloads. Evidence files go through /api/files (components/Attachments).
import { downloadBase64 } from '../../../components/attachments';

export { downloadXml } from '../../../components/attachments';

export const downloadPdf = (base64: string, name: string): void => downloadBase64(base64, `${name}.pdf`, 'application/pdf');
