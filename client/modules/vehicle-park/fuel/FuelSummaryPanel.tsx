// A vehicle's fuel and cost per km over a period (by default 1 January to
// today): loads, litres, km/l of its full-tank loads, atípicas, fuel plus
// maintenance over the km of its odometer log. Shown in the vehicle's form to
// users who may see Combustible.
import { useState } from 'react';
import { Anchor, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { VehicleFuelSummaryDocument } from '../../../../generated/modules/vehicle-park/graphql';
import { isIsoDate, todayMx } from '../../../../schema/dates';
import { DateField } from '../../../components/DateField';
import { formatMoney } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { InfoField } from '../../../components/InfoField';
import { FUEL_PATHS, fuelTexts, texts } from '../texts';

const t = fuelTexts.summary;

export function FuelSummaryPanel({ vehicleId }: { vehicleId: string }) {
  const [fromDate, setFrom] = useState(`${todayMx().slice(0, 4)}-01-01`);
  const [toDate, setTo] = useState(todayMx());
  const ok = isIsoDate(fromDate) && isIsoDate(toDate) && fromDate <= toDate;
  const q = useQuery(VehicleFuelSummaryDocument, { variables: { vehicleId, fromDate, toDate }, skip: !ok, fetchPolicy: 'cache-and-network' });
  const s = q.data?.vehicleFuelSummary;
  const error = readGraphQLError(q.error);
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="sm">
        <Text fw={600}>{t.title}</Text>
        <Group gap="xs" wrap="wrap">
          <DateField label={t.from} value={fromDate} onChange={(v) => setFrom(v ?? '')} w={150} size="xs" />
          <DateField label={t.to} value={toDate} onChange={(v) => setTo(v ?? '')} w={150} size="xs" />
        </Group>
      </Group>
      {error ? (
        <Text size="sm" c="red">
          {error.message}
        </Text>
      ) : s ? (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
            <InfoField label={t.loads} value={String(s.loads)} />
            <InfoField label={t.litres} value={fuelTexts.litres(s.litres)} />
            <InfoField label={t.fuelCost} value={formatMoney(s.fuelCost)} />
            <InfoField label={t.kml} value={s.kmPerLitre ? fuelTexts.kml(s.kmPerLitre) : t.none} />
            <InfoField label={t.outliers} value={<Text span c={s.outliers ? 'red' : undefined} fw={s.outliers ? 600 : undefined}>{s.outliers}</Text>} />
            <InfoField label={t.maintenanceCost} value={formatMoney(s.maintenanceCost)} />
            <InfoField label={t.km} value={texts.km(s.km)} />
            <InfoField label={t.totalCost} value={formatMoney(s.totalCost)} />
            <InfoField label={t.costPerKm} value={s.costPerKm ? formatMoney(s.costPerKm) : t.none} />
          </SimpleGrid>
          <Anchor component={Link} to={`${FUEL_PATHS.list}?vehicleId=${vehicleId}&from=${fromDate}&to=${toDate}`} size="sm" mt="sm" display="inline-block">
            {t.seeLoads}
          </Anchor>
        </>
      ) : null}
    </Paper>
  );
}
