// SAT's «Consulta de CFDI» adapter against a local fake of the service: the states SAT's
// documentation lists, and «pendiente de consultar» (never an exception) when SAT cannot answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultSatStatus, createSatStatusClient, parseSatStatus, satExpression } from '../../../server/lib/cfdi/satStatus';
import { startFakeSatStatus, type FakeSatStatus } from './fakeSatStatus';

let sat: FakeSatStatus;
beforeAll(async () => {
  sat = await startFakeSatStatus();
});
afterAll(() => sat.close());

const query = (uuid: string) => ({ uuid, emisorRfc: 'EKU9003173C9', receptorRfc: 'URE180429TM6', total: '2864.18', selloCFD: 'abcdefghijklmnopqrstuvwxyz0123456789+/AB==' });
const U = (n: number) => `6F1E7C2A-0000-4000-8000-00000000000${n}`;

describe('SAT status adapter', () => {
  it('sends the QR expression (id, re, rr, tt with 6 decimals, fe = last 8 of the Sello) with SOAPAction Consulta', async () => {
    sat.answers.set(U(1), { estado: 'Vigente', esCancelable: 'Cancelable con aceptación' });
    expect(await consultSatStatus(sat.url, query(U(1)))).toEqual({ estado: 'vigente', esCancelable: 'con aceptación', estatusCancelacion: null, efos: false, error: null });
    const sent = sat.requests.at(-1)!;
    expect(sent.soapAction).toBe('"http://tempuri.org/IConsultaCFDIService/Consulta"');
    expect(sent.expression).toBe(`?id=${U(1)}&re=EKU9003173C9&rr=URE180429TM6&tt=2864.180000&fe=89+/AB==`);
    expect(satExpression(query(U(1)))).toBe(sent.expression);
  });

  it('reads cancelled, in process, rejected, EFOS and not found', async () => {
    sat.answers.set(U(2), { estado: 'Cancelado', esCancelable: 'Cancelable con aceptación', estatusCancelacion: 'Plazo vencido' });
    sat.answers.set(U(3), { estado: 'Vigente', esCancelable: 'Cancelable con aceptación', estatusCancelacion: 'En proceso' });
    sat.answers.set(U(4), { estado: 'Vigente', esCancelable: 'Cancelable con aceptación', estatusCancelacion: 'Solicitud rechazada', efos: '100' });
    expect(await consultSatStatus(sat.url, query(U(2)))).toMatchObject({ estado: 'cancelado', estatusCancelacion: 'plazo vencido', error: null });
    expect(await consultSatStatus(sat.url, query(U(3)))).toMatchObject({ estado: 'vigente', estatusCancelacion: 'en proceso' });
    expect(await consultSatStatus(sat.url, query(U(4)))).toMatchObject({ estado: 'vigente', estatusCancelacion: 'solicitud rechazada', efos: true });
    expect(await consultSatStatus(sat.url, query(U(9)))).toEqual({ estado: 'no encontrado', esCancelable: null, estatusCancelacion: null, efos: false, error: null });
    expect(parseSatStatus('<a:CodigoEstatus>S - ok</a:CodigoEstatus><a:Estado>Vigente</a:Estado><a:EsCancelable>No cancelable</a:EsCancelable>')).toMatchObject({ estado: 'vigente', esCancelable: 'no cancelable' });
  });

  it('without an answer the status is «pendiente de consultar» with the reason, never an exception', async () => {
    sat.answers.set(U(5), 'http-500');
    sat.answers.set(U(6), 'slow');
    expect(await consultSatStatus(sat.url, query(U(5)))).toEqual({ estado: 'pendiente de consultar', esCancelable: null, estatusCancelacion: null, efos: false, error: 'El servicio del SAT respondió HTTP 500.' });
    expect(await consultSatStatus(sat.url, query(U(6)), { timeoutMs: 200 })).toMatchObject({ estado: 'pendiente de consultar', error: 'El servicio del SAT no respondió a tiempo.' });
    expect(await consultSatStatus('http://127.0.0.1:9/ConsultaCFDIService.svc', query(U(1)))).toMatchObject({ estado: 'pendiente de consultar', error: 'No se pudo conectar con el servicio del SAT.' });
    expect(await consultSatStatus(null, query(U(1)))).toMatchObject({ estado: 'pendiente de consultar', error: 'La consulta al SAT está desactivada (ERP_SAT_STATUS_URL=off).' });
    expect(parseSatStatus('<html>mantenimiento</html>')).toMatchObject({ estado: 'pendiente de consultar', error: 'El servicio del SAT respondió algo que no es una consulta de CFDI.' });
  });
});

describe('SAT status remembered per UUID (createSatStatusClient)', () => {
  const vigente = { estado: 'vigente', esCancelable: null, estatusCancelacion: null, efos: false, error: null } as const;
  const pending = { estado: 'pendiente de consultar', esCancelable: null, estatusCancelacion: null, efos: false, error: 'El servicio del SAT no respondió a tiempo.' } as const;

  it('a definitive answer for the configured seconds, by UUID in any case; asked again once they pass, or when fresh', async () => {
    let t = 1_000_000;
    const asked: string[] = [];
    const client = createSatStatusClient('http://sat', 300, { now: () => t, consult: async (_u, q) => (asked.push(q.uuid), vigente) });
    await client.consult(query(U(1)));
    await client.consult(query(U(1).toLowerCase()));
    expect(asked).toHaveLength(1);
    t += 299_999;
    await client.consult(query(U(1)));
    expect(asked).toHaveLength(1);
    t += 1;
    await client.consult(query(U(1)));
    expect(asked).toHaveLength(2);
    await client.consult(query(U(1)), { fresh: true });
    expect(asked).toHaveLength(3);
    await client.consult(query(U(2)));
    expect(asked).toHaveLength(4);
  });

  it('never an error or timeout; 0 seconds remembers nothing', async () => {
    let n = 0;
    const failing = createSatStatusClient('http://sat', 300, { consult: async () => (n++, pending) });
    expect(await failing.consult(query(U(1)))).toEqual(pending);
    await failing.consult(query(U(1)));
    expect(n).toBe(2);
    const off = createSatStatusClient('http://sat', 0, { consult: async () => (n++, vigente) });
    await off.consult(query(U(1)));
    await off.consult(query(U(1)));
    expect(n).toBe(4);
  });
});
