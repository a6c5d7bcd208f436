// A supplier's stamped CFDI as Compras receives one, for the intake tests: the hand-written
// invoice of fixtures.ts addressed to the demo company, sealed with SAT's test CSD and stamped by
// a sandbox PAC of the test's own (the only CSD the tests have is the demo company's).
import { createPac, loadCsd, MemoryPacStore, sealCfdi } from '../../../server/lib/cfdi';
import { invoiceXml, testCsd, type InvoiceOverrides } from './fixtures';

export async function stampedSupplierCfdi(o: InvoiceOverrides = {}, key = 'proveedor-1'): Promise<{ xml: string; uuid: string }> {
  const xml = invoiceXml(o).replace('Rfc="URE180429TM6" Nombre="UNIVERSIDAD ROBOTICA ESPAÑOLA" DomicilioFiscalReceptor="86991"', 'Rfc="EKU9003173C9" Nombre="ESCUELA KEMPER URGATE" DomicilioFiscalReceptor="42501"');
  const sealed = await sealCfdi(xml, loadCsd(testCsd()));
  const result = await (await createPac({ store: new MemoryPacStore(), env: {} })).stamp(sealed, key);
  return { xml: result.xml, uuid: result.uuid };
}
