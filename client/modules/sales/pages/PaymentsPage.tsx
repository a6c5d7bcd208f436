// Pagos: client payments with status and client filters; a row opens the
// payment (read-only, with its applications and cancellation).
import { ClientPaymentListDocument, type ClientPaymentFieldsFragment } from '../../../../generated/modules/sales/graphql';
import { folioLabel, INCOME_LIFECYCLE } from '../../../../schema/sales/labels';
import type { ListColumn } from '../../../components/ListPage';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate, formatMoney } from '../../../components/format';
import { formaLabel } from '../components/catalogs';
import { DocumentListPage } from '../components/DocumentListPage';
import { SALES_PATHS } from '../paths';
import { COMPLEMENT_BADGES, INCOME_BADGES, texts } from '../texts';
import { PAYMENT_COMPLEMENT_LABELS } from '../../../../schema/sales/paymentComplement';

const t = texts.payments;

const COLUMNS: ListColumn<ClientPaymentFieldsFragment>[] = [
  { key: 'folio', header: t.columns.folio, sortable: true, render: (r) => folioLabel('payment', r.folio), exportValue: (r) => folioLabel('payment', r.folio) },
  { key: 'date', header: t.columns.date, format: 'date', sortable: true, render: (r) => formatDate(r.date) },
  { key: 'client', header: t.columns.client, sortable: true, render: (r) => r.client.name, exportValue: (r) => r.client.name },
  { key: 'formaPago', header: t.columns.forma, render: (r) => formaLabel(r.formaPago), exportValue: (r) => formaLabel(r.formaPago) },
  { key: 'accountName', header: t.columns.account },
  { key: 'currency', header: t.columns.currency, render: (r) => r.currency, exportValue: (r) => r.currency },
  { key: 'amount', header: t.columns.amount, format: 'money', sortable: true, align: 'right', render: (r) => formatMoney(r.amount), exportValue: (r) => Number(r.amount) },
  { key: 'appliedAmount', header: t.columns.applied, format: 'money', align: 'right', render: (r) => formatMoney(r.appliedAmount), exportValue: (r) => Number(r.appliedAmount) },
  // The complement's state (Pagos 2.0): a PPD collection without a stamped one is what needs attention.
  {
    key: 'complementStatus',
    header: t.complement.column,
    render: (r) => (r.complementStatus === 'no_requerido' ? null : <StatusBadge status={r.complementStatus} labels={COMPLEMENT_BADGES} />),
    exportValue: (r) => PAYMENT_COMPLEMENT_LABELS[r.complementStatus],
  },
  { key: 'status', header: t.columns.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={INCOME_BADGES} />, exportValue: (r) => INCOME_LIFECYCLE.labels[r.status] },
];

export function PaymentsPage() {
  return (
    <DocumentListPage
      dateLabel="Fecha de pago"
      entity="client_payment"
      screen="Pagos"
      texts={t}
      newLabel={t.newPayment}
      formPath={SALES_PATHS.paymentForm}
      document={ClientPaymentListDocument}
      pick={(d) => d.clientPayments}
      columns={COLUMNS}
      statusLabels={INCOME_LIFECYCLE.labels}
    />
  );
}
