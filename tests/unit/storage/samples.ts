// Small hand-made byte buffers that start like the real formats.
const bytes = (...parts: (string | number[])[]): Buffer =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

export const samplePdf = (): Buffer => bytes('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n');
export const samplePng = (): Buffer =>
  bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], 'IHDR', [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
export const sampleJpeg = (): Buffer => bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0], [0xff, 0xd9]);
export const sampleWebp = (): Buffer => bytes('RIFF', [0x1a, 0, 0, 0], 'WEBPVP8 ', [0x0e, 0, 0, 0], [0, 0, 0, 0]);
export const sampleExe = (): Buffer => bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff], 'This program cannot be run in DOS mode');
export const sampleXml = (): Buffer =>
  bytes('<?xml version="1.0" encoding="UTF-8"?>\n<cfdi:Comprobante Version="4.0" Total="116.00"></cfdi:Comprobante>\n');
export const sampleCsv = (): Buffer => Buffer.from('clave,descripción,importe\nA-1,Mantenimiento preventivo,"1,250.50"\n', 'utf8');

/** A ZIP with stored (uncompressed) entries; enough for the central directory to be read. */
export function buildZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(content, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const sampleXlsx = (): Buffer =>
  buildZip({
    '[Content_Types].xml': '<?xml version="1.0"?><Types/>',
    '_rels/.rels': '<?xml version="1.0"?><Relationships/>',
    'xl/workbook.xml': '<?xml version="1.0"?><workbook/>',
    'xl/worksheets/sheet1.xml': '<?xml version="1.0"?><worksheet/>',
  });

export const sampleDocx = (): Buffer =>
  buildZip({
    '[Content_Types].xml': '<?xml version="1.0"?><Types/>',
    'word/document.xml': '<?xml version="1.0"?><document/>',
  });
