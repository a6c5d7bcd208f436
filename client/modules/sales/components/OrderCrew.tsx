// «Cuadrilla» of a service order (issue 28): the employees (Recursos Humanos,
// active) and vehicles (Parque Vehicular) the order names, saved with the
// order; then its days on site (CrewDays). Orders made before the crew keep
// their free-text responsables, shown read-only.
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ServiceOrderDetailQuery } from '../../../../generated/modules/sales/graphql';
import { EmployeeSelect } from '../../../components/EmployeeSelect';
import { PickerList } from '../../../components/PickerList';
import { VehicleSelect } from '../../../components/VehicleSelect';
import { texts } from '../texts';

const t = texts.crew;
type Order = NonNullable<ServiceOrderDetailQuery['serviceOrder']>;

type Props = {
  order: Order | null;
  crewIds: string[];
  vehicleIds: string[];
  onCrewChange: (ids: string[]) => void;
  onVehiclesChange: (ids: string[]) => void;
  errorOf: (field: string) => string | undefined;
  disabled: boolean;
};

export function OrderCrew({ order, crewIds, vehicleIds, onCrewChange, onVehiclesChange, errorOf, disabled }: Props) {
  const legacy = order?.responsibles ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <div>
          <Title order={4}>{t.title}</Title>
          <Text size="sm" c="dimmed">
            {t.description}
          </Text>
        </div>
        {legacy.length ? (
          <div>
            <Text size="sm" fw={500}>
              {texts.orders.legacyResponsibles}
            </Text>
            <Text size="sm">{legacy.join(', ')}</Text>
          </div>
        ) : null}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <PickerList
            label={t.employees}
            values={crewIds}
            onChange={onCrewChange}
            addLabel={t.addEmployee}
            emptyText={t.noEmployees}
            removeLabel={t.removeEmployee}
            error={errorOf('crewEmployeeIds')}
            disabled={disabled}
            max={50}
            renderPicker={(value, i, onPick) => {
              const known = order?.crew.find((c) => c.id === value);
              return (
                <EmployeeSelect
                  aria-label={t.employee(i + 1)}
                  value={value}
                  known={known ? { ...known, fullName: known.active ? known.fullName : `${known.fullName} (${t.inactive})` } : null}
                  onChange={(id) => onPick(id)}
                  error={errorOf(`crewEmployeeIds.${i}`)}
                  disabled={disabled}
                />
              );
            }}
          />
          <PickerList
            label={t.vehicles}
            values={vehicleIds}
            onChange={onVehiclesChange}
            addLabel={t.addVehicle}
            emptyText={t.noVehicles}
            removeLabel={t.removeVehicle}
            error={errorOf('vehicleIds')}
            disabled={disabled}
            max={20}
            renderPicker={(value, i, onPick) => (
              <VehicleSelect
                aria-label={t.vehicle(i + 1)}
                value={value}
                known={order?.vehicles.find((v) => v.id === value) ?? null}
                onChange={(id) => onPick(id)}
                error={errorOf(`vehicleIds.${i}`)}
                disabled={disabled}
                includeInShop
              />
            )}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
