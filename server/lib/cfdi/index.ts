// The one CFDI pipeline for invoices, payment complements (Pagos 2.0) and payroll receipts
// (Nómina 1.2): build the XML (the caller) → sealCfdi (cadena by SAT's XSLT, Sello with the
// company's CSD, XSD check) → pac.stamp (sandbox or Finkok) → a CFDI with its TimbreFiscalDigital.
export { loadCsd, readCertificate, encryptAtRest, decryptAtRest, CsdError, CSD_KEY_ENV, type Csd, type CertificateInfo } from './csd';
export { sealCfdi, verifySeal, assertValidXsd, CfdiXsdError, describeXsdError } from './seal';
export { validateCfdiXsd } from './xsd';
export { cadenaOriginal, cadenaTimbre, warmUpStylesheets } from './xslt';
export { createPac, MemoryPacStore, PacError, PAC_ENV, CANCEL_MOTIVOS, type Pac, type PacStore, type StampRecord, type StampResult, type CancelResult, type StatusResult, type CancelMotivo } from './pac';
export { cfdiLocalTime } from './time';
