// Files the server generates (XLSX/CSV/PDF as base64 in GraphQL) become a download.
import { downloadBlob } from '../../../components/exportRows';

export type ServerFile = { fileName: string; mimeType: string; base64: string };

export function downloadServerFile(file: ServerFile): void {
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  downloadBlob(new Blob([bytes], { type: file.mimeType }), file.fileName);
}
