// «Leer CFDI del proveedor» on the Gasto form: the supplier's XML goes up through /api/files like
// any attachment, the server reads it (seal verified, stamped; supplierCfdiRead) and the form takes
// its figures. The summary shows what was read, a supplier not registered yet, and — live, with
// the same rule the server applies on attaching — what the expense says differently.
import { Alert, Anchor, Button, Group, List, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useApolloClient } from '@apollo/client/react';
import { IconAlertTriangle, IconCircleCheck, IconClock, IconFileSearch, IconRefresh, IconX } from '@tabler/icons-react';
import { SupplierCfdiReadDocument, type SupplierCfdiReadQuery } from '../../../../generated/modules/shopping/graphql';
import { UploadButton } from '../../../components/Attachments';
import type { UploadedFile } from '../../../components/attachments';
import { formatDateTime, formatMoney } from '../../../components/format';
import { InfoField } from '../../../components/InfoField';
import { notifyError } from '../../../components/notify';
import { asAppError } from '../../../components/serverErrors';
import { SHOPPING_PATHS } from '../texts';

export type ReadCfdi = SupplierCfdiReadQuery['supplierCfdiRead'] & { fileId: string; fileName: string };

export const CFDI_TEXTS = {
  read: 'Leer CFDI del proveedor',
  readHint: 'Sube el XML del proveedor: se verifican su sello y su timbre y se llenan proveedor, UUID, serie, folio, fecha e importes.',
  readFailed: 'No se pudo leer el CFDI',
  title: (fileName: string) => `CFDI del proveedor: ${fileName}`,
  uuid: 'Folio fiscal (UUID)',
  emisor: 'Emisor',
  serieFolio: 'Serie y folio',
  fecha: 'Fecha de emisión',
  subtotal: 'Subtotal',
  iva: 'IVA trasladado',
  retentions: 'Retenciones (ISR / IVA)',
  total: 'Total',
  satStatus: 'Estado en el SAT',
  satAsk: 'Consultar en el SAT',
  satAsked: (status: string) => (status === 'pendiente de consultar' ? 'El SAT no respondió: el estado sigue pendiente de consultar.' : `El SAT responde: ${status}.`),
  satCheckedAt: (when: string) => `consultado el ${when}`,
  satNever: 'aún no consultado',
  satCancelled: 'El SAT reporta este CFDI como cancelado: no ampara el gasto. Pide al proveedor el CFDI que lo sustituye.',
  satPending: 'Aún no hay respuesta del SAT: vuelve a consultar más tarde.',
  unknownSupplier: (name: string, rfc: string) => `El proveedor ${name} (${rfc}) no está registrado en Compras: regístralo y vuelve a buscarlo aquí.`,
  createSupplier: 'Registrar proveedor',
  refreshSuppliers: 'Buscar de nuevo',
  differencesTitle: 'El gasto no coincide con el CFDI',
  matches: 'Los importes del gasto coinciden con el CFDI.',
  unmatched: (figures: string) => `Ninguna tasa del catálogo da ${figures} del CFDI: revisa el importe.`,
  attachOnSave: 'Al guardar, el XML se adjunta al gasto como su comprobante.',
  discard: 'Quitar',
} as const;

/** Uploads the XML and reads it; a CFDI another expense registered is refused with the server's words. */
export function ReadCfdiButton({ disabled, currentFolio, onRead }: { disabled?: boolean; currentFolio: number | null; onRead: (cfdi: ReadCfdi) => void }) {
  const apollo = useApolloClient();
  const read = async (file: UploadedFile) => {
    try {
      const r = await apollo.query({ query: SupplierCfdiReadDocument, variables: { fileId: file.id }, fetchPolicy: 'network-only' });
      const cfdi = r.data?.supplierCfdiRead;
      if (!cfdi) return;
      // Registered by this same expense is not a refusal: it is reading its own CFDI again.
      if (cfdi.refusal && cfdi.registeredInExpense !== currentFolio) {
        notifyError(cfdi.refusal, CFDI_TEXTS.readFailed);
        return;
      }
      onRead({ ...cfdi, fileId: file.id, fileName: file.fileName });
    } catch (caught) {
      const e = asAppError(caught);
      notifyError(e.fields.fileId ?? e.message, CFDI_TEXTS.readFailed);
    }
  };
  return <UploadButton types={['xml']} size="sm" label={CFDI_TEXTS.read} icon={<IconFileSearch size={16} />} disabled={disabled} onUploaded={read} />;
}

export function CfdiSummary({
  cfdi,
  supplierKnown,
  differences,
  unmatched,
  canCreateSupplier,
  onRefreshSuppliers,
  onDiscard,
}: {
  cfdi: ReadCfdi;
  supplierKnown: boolean;
  differences: string[];
  unmatched: string[];
  canCreateSupplier: boolean;
  onRefreshSuppliers: () => void;
  onDiscard: () => void;
}) {
  const t = CFDI_TEXTS;
  const createHref = `${SHOPPING_PATHS.supplierForm}?${new URLSearchParams({ rfc: cfdi.emisorRfc, name: cfdi.emisorName })}`;
  return (
    <Paper withBorder radius="md" p="md" data-testid="supplier-cfdi">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm" style={{ wordBreak: 'break-word' }}>
            {t.title(cfdi.fileName)}
          </Text>
          <Button size="compact-xs" variant="subtle" color="gray" leftSection={<IconX size={12} />} onClick={onDiscard}>
            {t.discard}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <InfoField label={t.uuid} value={<Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>{cfdi.uuid}</Text>} />
          <InfoField label={t.emisor} value={`${cfdi.emisorName} (${cfdi.emisorRfc})`} />
          <InfoField label={t.serieFolio} value={[cfdi.serie, cfdi.folio].filter(Boolean).join('-') || '—'} />
          <InfoField label={t.fecha} value={cfdi.fecha.replace('T', ' ')} />
          <InfoField label={t.subtotal} value={formatMoney(cfdi.subtotal)} />
          <InfoField label={t.iva} value={formatMoney(cfdi.iva)} />
          <InfoField label={t.retentions} value={`${formatMoney(cfdi.isrRetention)} / ${formatMoney(cfdi.ivaRetention)}`} />
          <InfoField label={t.total} value={<b>{formatMoney(cfdi.total)}</b>} />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t.satStatus}: {cfdi.satStatus}. {t.attachOnSave}
        </Text>
        {!supplierKnown ? (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
            <Stack gap={6}>
              <Text size="sm">{t.unknownSupplier(cfdi.emisorName, cfdi.emisorRfc)}</Text>
              <Group gap="xs">
                {canCreateSupplier ? (
                  <Anchor href={createHref} target="_blank" rel="noopener" size="sm">
                    {t.createSupplier}
                  </Anchor>
                ) : null}
                <Button size="compact-xs" variant="light" leftSection={<IconRefresh size={12} />} onClick={onRefreshSuppliers}>
                  {t.refreshSuppliers}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {differences.length || unmatched.length ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title={t.differencesTitle} p="xs" data-testid="supplier-cfdi-differences">
            <List size="sm" spacing={2}>
              {unmatched.length ? <List.Item>{t.unmatched(unmatched.join(', '))}</List.Item> : null}
              {differences.map((d) => (
                <List.Item key={d}>{d}</List.Item>
              ))}
            </List>
          </Alert>
        ) : (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} p="xs">
            <Text size="sm">{t.matches}</Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * A saved expense's CFDI as SAT last saw it (recorded when the XML was attached), and «Consultar en
 * el SAT» to ask again. A cancelled CFDI is said in red: it no longer backs the expense.
 */
export function CfdiSatStatus({ status, checkedAt, canAsk, asking, onAsk }: { status: string | null; checkedAt: string | null; canAsk: boolean; asking: boolean; onAsk: () => void }) {
  const t = CFDI_TEXTS;
  const cancelled = status === 'cancelado';
  return (
    <Alert color={cancelled ? 'red' : status === 'vigente' ? 'teal' : 'gray'} variant="light" icon={cancelled ? <IconAlertTriangle size={18} /> : status === 'vigente' ? <IconCircleCheck size={18} /> : <IconClock size={18} />}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 16rem' }}>
          <Text size="sm" fw={600}>
            {t.satStatus}: {status ?? t.satNever}
            {checkedAt ? <Text span size="sm" c="dimmed" fw={400}>{` · ${t.satCheckedAt(formatDateTime(checkedAt))}`}</Text> : null}
          </Text>
          {cancelled ? <Text size="sm">{t.satCancelled}</Text> : status === 'pendiente de consultar' ? <Text size="sm">{t.satPending}</Text> : null}
        </Stack>
        {canAsk ? (
          <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} loading={asking} onClick={onAsk}>
            {t.satAsk}
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
