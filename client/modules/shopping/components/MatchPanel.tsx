// Conciliación a tres vías (issue 28): the purchase order's lines against what
// its receipts took, and the order / received / invoiced totals with the
// difference; an expense with a difference is paid only once someone who may
// authorise purchase orders authorises it, with a reason. The figures are the
// server's (schema/shopping/threeWayMatch.ts); this only shows them.
import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { IconCheck, IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ExpenseMatchAuthorizeDocument, type ThreeWayMatchFieldsFragment } from '../../../../generated/modules/shopping/graphql';
import { DetailTable } from '../../../components/DetailTable';
import { formatDateTime, formatMoney } from '../../../components/format';
import { notifySuccess } from '../../../components/notify';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { SHOPPING_PATHS, withId } from '../texts';

export const MATCH_TEXTS = {
  title: 'Conciliación con la orden de compra',
  noDifferences: 'La factura coincide con lo recibido: se puede pagar.',
  differences: 'La factura no coincide con lo recibido: no se puede pagar hasta que alguien que autoriza órdenes de compra autorice la diferencia.',
  authorized: (who: string, when: string, reason: string) => `Diferencia autorizada por ${who} el ${when}: «${reason}».`,
  authorize: 'Autorizar diferencia',
  invoicedFromCfdi: 'Facturado según el XML (CFDI) adjunto.',
  invoicedFromExpense: 'Sin XML adjunto: lo facturado son los importes capturados en el gasto.',
  authorizeTitle: (folio: number) => `Autorizar la diferencia del gasto ${folio}`,
  authorizeMessage: (difference: string) => `Se autoriza pagar ${formatMoney(difference)} más de lo recibido. Si después cambia lo recibido o la factura, hará falta una nueva autorización.`,
  authorizedToast: 'Diferencia autorizada: el gasto ya se puede pagar.',
};

export function MatchStatusBadge({ match }: { match: Pick<ThreeWayMatchFieldsFragment, 'hasDifferences' | 'authorized'> }) {
  if (!match.hasDifferences) return <Badge color="green" variant="light">Sin diferencias</Badge>;
  return match.authorized ? <Badge color="blue" variant="light">Diferencia autorizada</Badge> : <Badge color="orange" variant="light">Con diferencias</Badge>;
}

const money = (v: string) => formatMoney(v);

export function MatchPanel({
  match,
  expense,
  canAuthorize,
  onChanged,
  heading,
}: {
  match: ThreeWayMatchFieldsFragment;
  expense: { id: string; folio: number; version: number };
  canAuthorize: boolean;
  onChanged: () => void;
  /** Replaces the title (the order's screen names the expense instead of the order). */
  heading?: ReactNode;
}) {
  const [authorizing, setAuthorizing] = useState(false);
  const [authorize] = useMutation(ExpenseMatchAuthorizeDocument);
  const columns = [
    { label: 'Pedido', f: match.ordered },
    { label: 'Recibido', f: match.received },
    { label: 'Facturado', f: match.invoiced },
    { label: 'Diferencia', f: match.difference },
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Group gap="xs">
          <Text fw={600} size="sm">
            {heading ?? (
              <>
                {MATCH_TEXTS.title}{' '}
                <Anchor component={Link} to={withId(SHOPPING_PATHS.purchaseOrderForm, match.orderId)} size="sm">
                  {match.orderFolio}
                </Anchor>
              </>
            )}
          </Text>
          <MatchStatusBadge match={match} />
        </Group>
        {canAuthorize && match.hasDifferences && !match.authorized ? (
          <Button size="xs" variant="light" color="orange" leftSection={<IconShieldCheck size={16} />} onClick={() => setAuthorizing(true)}>
            {MATCH_TEXTS.authorize}
          </Button>
        ) : null}
      </Group>
      <Stack gap="sm">
        {!match.hasDifferences ? (
          <Alert color="green" variant="light" icon={<IconCheck size={18} />}>
            {MATCH_TEXTS.noDifferences}
          </Alert>
        ) : match.authorized ? (
          <Alert color="blue" variant="light" icon={<IconShieldCheck size={18} />}>
            {MATCH_TEXTS.authorized(match.authorizedByName ?? '—', match.authorizedAt ? formatDateTime(match.authorizedAt) : '—', match.authorizedReason ?? '')}
          </Alert>
        ) : (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            {MATCH_TEXTS.differences}
          </Alert>
        )}
        <DetailTable
          rows={match.lines}
          rowKey={(l) => String(l.position)}
          striped={false}
          columns={[
            { key: 'position', header: '#', align: 'right' },
            { key: 'description', header: 'Partida' },
            { key: 'orderedQty', header: 'Pedido', align: 'right', render: (l) => l.orderedQty },
            { key: 'receivedQty', header: 'Recibido', align: 'right', render: (l) => l.receivedQty },
            { key: 'unitPrice', header: 'Precio', align: 'right', render: (l) => money(l.unitPrice) },
            { key: 'orderedAmount', header: 'Importe pedido', align: 'right', render: (l) => money(l.orderedAmount) },
            { key: 'receivedAmount', header: 'Importe recibido', align: 'right', render: (l) => money(l.receivedAmount) },
            { key: 'difference', header: 'Por recibir', align: 'right', render: (l) => <Text size="sm" c={Number(l.difference) !== 0 ? 'orange' : undefined}>{money(l.difference)}</Text> },
          ]}
        />
        <Table.ScrollContainer minWidth={420}>
          <Table aria-label="Totales de la conciliación" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                {columns.map((c) => (
                  <Table.Th key={c.label} ta="right">
                    {c.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(['subtotal', 'iva', 'total'] as const).map((k) => (
                <Table.Tr key={k}>
                  <Table.Td fw={k === 'total' ? 600 : undefined}>{k === 'subtotal' ? 'Subtotal' : k === 'iva' ? 'IVA' : 'Total'}</Table.Td>
                  {columns.map((c) => (
                    <Table.Td key={c.label} ta="right" fw={k === 'total' ? 600 : undefined} c={c.label === 'Diferencia' && Number(c.f[k]) !== 0 ? 'orange' : undefined}>
                      {money(c.f[k])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed">
          {match.invoicedSource === 'cfdi' ? MATCH_TEXTS.invoicedFromCfdi : MATCH_TEXTS.invoicedFromExpense}
        </Text>
      </Stack>
      {authorizing ? (
        <ReasonDialog
          opened
          title={MATCH_TEXTS.authorizeTitle(expense.folio)}
          message={MATCH_TEXTS.authorizeMessage(match.difference.total)}
          confirmLabel={MATCH_TEXTS.authorize}
          onClose={(confirmed) => {
            setAuthorizing(false);
            if (confirmed) onChanged();
          }}
          onConfirm={async (reason) => {
            await authorize({ variables: { id: expense.id, version: expense.version, reason } });
            notifySuccess(MATCH_TEXTS.authorizedToast);
          }}
        />
      ) : null}
    </Paper>
  );
}
