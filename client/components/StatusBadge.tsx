// Lifecycle status of a document as a coloured badge. Each module keeps its
// own status → { label, color } table next to its other Spanish strings.
import { Badge, type MantineColor } from '@mantine/core';

export type StatusLabels = Record<string, { label: string; color: MantineColor }>;

export type StatusBadgeProps = {
  status: string | null | undefined;
  labels: StatusLabels;
};

export function StatusBadge({ status, labels }: StatusBadgeProps) {
  if (!status) return null;
  // An unknown status still shows (raw and grey) rather than hiding a record's state.
  const entry = labels[status] ?? { label: status, color: 'gray' };
  return (
    // Never cut: "PAGADA PARCIALMENTE" must read whole, in a table cell or a header.
    <Badge color={entry.color} variant="light" radius="sm" style={{ flexShrink: 0, maxWidth: 'none', overflow: 'visible' }} styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}>
      {entry.label}
    </Badge>
  );
}
