// Attachments travel as base64 through GraphQL (the API caps them at 700 KB).
import { downloadBlob } from './exportRows';

export const MAX_ATTACHMENT_BYTES = 700 * 1024;

export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

export function base64ToBlob(base64: string, contentType: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: contentType });
}

export const downloadBase64 = (base64: string, fileName: string, contentType: string): void => downloadBlob(base64ToBlob(base64, contentType), fileName);
