// Days on site of a service order (issue 28): a table (cards on a phone) and
// the day's dialog — date, notes and its people (one row per person of the
// crew: hours worked and overtime among them). A new day starts with every
// active crew member at 8 h, and the km each vehicle of the order ran (job
// cost: km × the vehicle's cost per km). The rules are schema/sales/crews.ts', checked
// here first and again by the server; a day whose overtime a payroll already
// took is shown read-only. The open dialog lives in the URL (?day=new|id).
import { ActionIcon, Alert, Badge, Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@apollo/client/react';
import { IconCalendarPlus, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  ServiceOrderCrewDayCreateDocument,
  ServiceOrderCrewDayDeleteDocument,
  ServiceOrderCrewDayUpdateDocument,
  type ServiceOrderDetailQuery,
} from '../../../../generated/modules/sales/graphql';
import { validateCrewDate, validateCrewPeople, validateCrewVehicleKm } from '../../../../schema/sales/crews';
import { dec } from '../../../../schema/money';
import { DateField } from '../../../components/DateField';
import { DetailTable } from '../../../components/DetailTable';
import { FormDialog } from '../../../components/EditDialog';
import { NumberField } from '../../../components/NumberField';
import { confirmAsync } from '../../../components/confirm';
import { useDialogParam, NEW_RECORD } from '../../../components/dialogParam';
import { formatDate, formatNumber } from '../../../components/format';
import { todayIso } from '../../../components/dates';
import { useFormSave } from '../../../components/useFormSave';
import type { ListColumn } from '../../../components/columns';
import type { AppError } from '../../../components/graphqlErrors';
import { documentAction } from './actions';
import { texts } from '../texts';

const t = texts.crew;
type Order = NonNullable<ServiceOrderDetailQuery['serviceOrder']>;
type Day = Order['crewDays'][number];
type Person = { key: string; employeeId: string; hours: string; overtimeHours: string };
type VehicleKm = { vehicleId: string; label: string; km: string };
type Values = { date: string; notes: string; people: Person[]; vehicles: VehicleKm[] };

const FIELDS = ['date', 'notes', 'people', 'people.'];
let seq = 0;
const person = (over: Partial<Person> = {}): Person => ({ key: `p${++seq}`, employeeId: '', hours: '8', overtimeHours: '0', ...over });
const total = (rows: readonly { hours: string }[], key: 'hours' | 'overtimeHours') => formatNumber(rows.reduce((acc, r) => acc.plus((r as Record<string, string>)[key] || 0), dec(0)).toString());

function DayDialog({ order, day, onClose, onSaved }: { order: Order; day: Day | null; onClose: () => void; onSaved: () => void }) {
  const [create] = useMutation(ServiceOrderCrewDayCreateDocument);
  const [update] = useMutation(ServiceOrderCrewDayUpdateDocument);
  const readOnly = day?.payrollFolio != null;
  // One km field per vehicle of the order (and any the day has that the order no longer names); blank: not used.
  const vehicles: VehicleKm[] = order.vehicles.map((x) => ({ vehicleId: x.id, label: x.economicNumber, km: String(day?.vehicles.find((d) => d.vehicleId === x.id)?.km ?? '') }));
  for (const d of day?.vehicles ?? []) if (!vehicles.some((x) => x.vehicleId === d.vehicleId)) vehicles.push({ vehicleId: d.vehicleId, label: d.economicNumber, km: String(d.km) });
  const initial: Values = day
    ? { date: day.date, notes: day.notes, people: day.people.map((p) => person({ employeeId: p.employeeId, hours: p.hours, overtimeHours: p.overtimeHours })), vehicles }
    : { date: todayIso(), notes: '', people: order.crew.filter((c) => c.active).map((c) => person({ employeeId: c.id })), vehicles };
  const form = useForm<Values>({ mode: 'controlled', initialValues: initial });
  const v = form.values;
  /** The form positions of the vehicles sent (those with km), to place the server's vehicles.N messages. */
  const sent = v.vehicles.flatMap((x, i) => (x.km.trim() === '' ? [] : [i]));
  const { save: runSave, saving, error } = useFormSave({
    form,
    fields: FIELDS,
    readOnly,
    onSaved,
    // The shared rules first, with the server's messages.
    validate: (values) => {
      const fields: Record<string, string> = validateCrewPeople(values.people);
      const wrongDate = validateCrewDate(values.date, order.scheduledStart, todayIso());
      if (wrongDate) fields.date = wrongDate;
      return { ...fields, ...validateCrewVehicleKm(values.vehicles.map((x) => x.km)) };
    },
    mapError: (e) =>
      Object.fromEntries(
        Object.entries(e.fields).flatMap(([path, text]) => {
          const m = /^vehicles\.(\d+)\./.exec(path);
          return m && sent[Number(m[1])] !== undefined ? [[`vehicles.${sent[Number(m[1])]}.km`, text]] : [];
        }),
      ),
  });
  const crewOptions = order.crew.map((c) => ({ value: c.id, label: `${c.number} · ${c.fullName}${c.active ? '' : ` (${t.inactive})`}` }));
  for (const p of day?.people ?? []) if (!crewOptions.some((o) => o.value === p.employeeId)) crewOptions.push({ value: p.employeeId, label: `${p.employeeNumber} · ${p.employeeName}` });
  const err = (key: string) => (typeof form.errors[key] === 'string' ? (form.errors[key] as string) : undefined);

  const save = () =>
    runSave(async () => {
      const input = {
        date: v.date,
        notes: v.notes,
        people: v.people.map((p) => ({ employeeId: p.employeeId, hours: p.hours, overtimeHours: p.overtimeHours || '0' })),
        vehicles: sent.map((i) => ({ vehicleId: v.vehicles[i].vehicleId, km: Number(v.vehicles[i].km) })),
      };
      if (day) await update({ variables: { id: day.id, version: day.version, input } });
      else await create({ variables: { orderId: order.id, input } });
      return { message: day ? t.daySaved : t.dayCreated, onSaved };
    });

  return (
    <FormDialog title={day ? t.editDay(formatDate(day.date)) : t.newDay} opened onClose={onClose} onSubmit={save} saving={saving} error={error} readOnly={readOnly} dirty={form.isDirty()}>
      {readOnly && day?.payrollFolio ? <Alert color="blue" variant="light">{t.locked(day.payrollFolio)}</Alert> : null}
      <DateField label={t.fields.date} required disabled={readOnly} {...form.getInputProps('date')} />
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {t.fields.people}
        </Text>
        {v.people.map((p, i) => (
          <Paper key={p.key} withBorder radius="sm" p="xs">
            <Group gap="xs" align="flex-start" wrap="wrap">
              <Select
                aria-label={`${t.fields.employee} ${i + 1}`}
                placeholder={t.fields.employee}
                data={crewOptions}
                value={p.employeeId || null}
                onChange={(id) => form.setFieldValue(`people.${i}.employeeId`, id ?? '')}
                error={err(`people.${i}.employeeId`)}
                disabled={readOnly}
                searchable
                style={{ flex: '1 1 220px', minWidth: 0 }}
              />
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <NumberField aria-label={`${t.fields.hours} ${i + 1}`} placeholder={t.fields.hours} rightSection={<Text size="xs" c="dimmed">h</Text>} precision={2} min={0} max={24} w={96} disabled={readOnly} value={p.hours} onChange={(x) => form.setFieldValue(`people.${i}.hours`, x)} error={err(`people.${i}.hours`)} />
                <NumberField aria-label={`${t.fields.overtime} ${i + 1}`} placeholder={t.fields.overtime} leftSection={<Text size="xs" c="dimmed">+</Text>} rightSection={<Text size="xs" c="dimmed">h</Text>} precision={2} min={0} max={24} w={96} disabled={readOnly} value={p.overtimeHours} onChange={(x) => form.setFieldValue(`people.${i}.overtimeHours`, x)} error={err(`people.${i}.overtimeHours`)} />
                {readOnly ? null : (
                  <ActionIcon variant="subtle" color="red" mt={6} aria-label={t.removePerson(i + 1)} onClick={() => form.removeListItem('people', i)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            </Group>
          </Paper>
        ))}
        {err('people') ? (
          <Text size="xs" c="red">
            {err('people')}
          </Text>
        ) : null}
        {readOnly ? null : (
          <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem('people', person({ hours: '8' }))} w="fit-content">
            {t.addPerson}
          </Button>
        )}
      </Stack>
      {v.vehicles.length ? (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {t.fields.vehicleKm}
          </Text>
          <Group gap="xs" align="flex-start" wrap="wrap">
            {v.vehicles.map((x, i) => (
              <NumberField
                key={x.vehicleId}
                label={x.label}
                aria-label={t.vehicleKm(x.label)}
                rightSection={<Text size="xs" c="dimmed">km</Text>}
                precision={0}
                min={0}
                max={5000}
                w={140}
                disabled={readOnly}
                value={x.km}
                onChange={(km) => form.setFieldValue(`vehicles.${i}.km`, km)}
                error={err(`vehicles.${i}.km`)}
              />
            ))}
          </Group>
        </Stack>
      ) : null}
      <Textarea label={t.fields.notes} autosize minRows={1} maxLength={1000} disabled={readOnly} {...form.getInputProps('notes')} />
    </FormDialog>
  );
}

/** `editable`: days may be recorded (Órdenes de Servicio «editar»); `crewEditable`: the order itself still takes a crew. */
export function CrewDays({ order, editable, crewEditable, onChanged, setError }: { order: Order; editable: boolean; crewEditable: boolean; onChanged: () => void; setError: (error: AppError | null) => void }) {
  const dialog = useDialogParam('day');
  const [remove] = useMutation(ServiceOrderCrewDayDeleteDocument);
  const act = documentAction(setError, onChanged);
  const open = dialog.value === NEW_RECORD ? null : order.crewDays.find((d) => d.id === dialog.value) ?? null;
  const deleteDay = async (day: Day) => {
    if (!(await confirmAsync({ title: t.deleteDay, message: t.deleteDayConfirm(formatDate(day.date)), confirmLabel: t.deleteDay }))) return;
    await act(() => remove({ variables: { id: day.id, version: day.version } }), t.dayDeleted);
  };
  const columns: ListColumn<Day>[] = [
    { key: 'date', header: t.columns.date, render: (d) => formatDate(d.date) },
    { key: 'people', header: t.columns.people, render: (d) => d.people.map((p) => p.employeeName).join(', ') },
    { key: 'hours', header: t.columns.hours, align: 'right', render: (d) => total(d.people, 'hours') },
    { key: 'overtime', header: t.columns.overtime, align: 'right', render: (d) => total(d.people, 'overtimeHours') },
    { key: 'km', header: t.columns.km, render: (d) => (d.vehicles.length ? d.vehicles.map((x) => `${x.economicNumber}: ${formatNumber(x.km, 0)} km`).join(', ') : '—') },
    { key: 'payroll', header: t.columns.payroll, render: (d) => (d.payrollFolio != null ? <Badge variant="light">{t.inPayroll(d.payrollFolio)}</Badge> : '—') },
    ...(editable
      ? [
          {
            key: 'actions',
            header: '',
            exportable: false,
            render: (d: Day) =>
              d.payrollFolio == null ? (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`${t.deleteDay} ${formatDate(d.date)}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    void deleteDay(d);
                  }}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              ) : null,
          } satisfies ListColumn<Day>,
        ]
      : []),
  ];
  const canRecord = editable && order.crew.length > 0;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div style={{ flex: '1 1 240px' }}>
            <Title order={4}>{t.days}</Title>
            <Text size="sm" c="dimmed">
              {t.daysDescription}
            </Text>
          </div>
          {canRecord ? (
            <Button leftSection={<IconCalendarPlus size={16} />} onClick={() => dialog.open(NEW_RECORD)}>
              {t.newDay}
            </Button>
          ) : null}
        </Group>
        {crewEditable && !order.crew.length ? <Text size="sm" c="dimmed">{t.noCrew}</Text> : null}
        {order.crewDays.length ? (
          <DetailTable aria-label={t.days} columns={columns} rows={order.crewDays} rowKey={(d) => d.id} onRowClick={(d) => dialog.open(d.id)} />
        ) : (
          <Text size="sm" c="dimmed">
            {t.noDays}
          </Text>
        )}
      </Stack>
      {dialog.value && (dialog.value === NEW_RECORD ? canRecord : open) ? (
        <DayDialog
          key={dialog.value}
          order={order}
          day={open}
          onClose={dialog.close}
          onSaved={() => {
            dialog.close();
            onChanged();
          }}
        />
      ) : null}
    </Paper>
  );
}
