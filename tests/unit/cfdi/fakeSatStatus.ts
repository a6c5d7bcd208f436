// A local fake of SAT's «Consulta de CFDI» service (ConsultaCFDIService.svc), answering in the
// shape SAT documents; each UUID answers what the test set for it (unknown ones: N - 602).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeSatAnswer = { estado: string; esCancelable?: string; estatusCancelacion?: string; efos?: string } | 'http-500' | 'slow';

export type FakeSatStatus = {
  url: string;
  answers: Map<string, FakeSatAnswer>;
  /** Every request: its SOAPAction header and the expression it carried. */
  requests: { soapAction: string | undefined; expression: string }[];
  close(): Promise<void>;
};

const envelope = (inner: string) =>
  `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><ConsultaResponse xmlns="http://tempuri.org/"><ConsultaResult xmlns:a="http://schemas.datacontract.org/2004/07/Sat.Cfdi.Negocio.ConsultaCfdi.Servicio" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">${inner}</ConsultaResult></ConsultaResponse></s:Body></s:Envelope>`;
const field = (name: string, value: string | undefined) => (value ? `<a:${name}>${value}</a:${name}>` : `<a:${name}/>`);

export async function startFakeSatStatus(): Promise<FakeSatStatus> {
  const fake: FakeSatStatus = { url: '', answers: new Map(), requests: [], close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const expression = /<(?:\w+:)?expresionImpresa><!\[CDATA\[([\s\S]*?)\]\]><\/(?:\w+:)?expresionImpresa>/.exec(body)?.[1] ?? '';
      fake.requests.push({ soapAction: req.headers.soapaction as string | undefined, expression });
      const uuid = /[?&]id=([^&]+)/.exec(expression)?.[1] ?? '';
      const answer = fake.answers.get(uuid.toUpperCase());
      if (answer === 'http-500') return void res.writeHead(500).end('<error/>');
      if (answer === 'slow') return void setTimeout(() => res.headersSent || res.writeHead(200).end(envelope('')), 3_000);
      const inner = answer
        ? field('CodigoEstatus', 'S - Comprobante obtenido satisfactoriamente.') + field('EsCancelable', answer.esCancelable) + field('Estado', answer.estado) + field('EstatusCancelacion', answer.estatusCancelacion) + field('ValidacionEFOS', answer.efos ?? '200')
        : field('CodigoEstatus', 'N - 602: Comprobante no encontrado.') + field('EsCancelable', undefined) + field('Estado', 'No Encontrado') + field('EstatusCancelacion', undefined);
      res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' }).end(envelope(inner));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ConsultaCFDIService.svc`;
  return fake;
}
