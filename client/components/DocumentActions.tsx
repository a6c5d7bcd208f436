// The header of a document form: its status badge and the moves that are
// legal now (Enviar, Autorizar, Emitir, Cancelar, Imprimir…). Each screen only
// declares its actions; this component hides the ones not allowed, asks the
// confirm dialog first when the action says so, and keeps the button busy
// while the work runs, so a second click cannot send the move twice. On a
// phone the secondary actions fold into "Más acciones" so the header fits.
// Inside a form (FormPage, FormDialog) the record-action rules apply
// (recordActions.tsx): an unsaved form holds back every move whose request
// does not carry it, and an irreversible move asks first, naming the record.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Group, Menu, Text, type ButtonVariant, type MantineColor } from '@mantine/core';
import { usePhone } from './phone';
import { IconDots } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { confirmAction } from './confirm';
import { notifyError } from './notify';
import { asAppError } from './serverErrors';
import { actionVerb, confirmIrreversible, RECORD_ACTION_TEXTS, useRecordActionScope } from './recordActions';
import { StatusBadge, type StatusBadgeProps } from './StatusBadge';

export const MORE_ACTIONS_LABEL = 'Más acciones';
const ACTION_FAILED = 'No se pudo completar la acción';

export type DocumentAction = {
  key: string;
  label: string;
  icon?: ReactNode;
  color?: MantineColor;
  /** Filled (the default) marks a main move: it stays a button on a phone. */
  variant?: ButtonVariant;
  /** Overrides the variant rule for staying out of "Más acciones" on a phone. */
  primary?: boolean;
  /** Whether the move is legal now (lifecycle + ability); false leaves it out. */
  show: boolean;
  /** Asks first through the product's confirm dialog. */
  confirm?: { title: ReactNode; message: ReactNode; confirmLabel?: ReactNode };
  /** A move that cannot be undone (cerrar, cancelar, autorizar, emitir…): asks first, naming the form's record. */
  irreversible?: boolean;
  /** The infinitive for the hint and the question, when the label's first word is not it. */
  verb?: string;
  /** The move's own request carries the form as shown, so unsaved changes do not hold it back. */
  sendsForm?: boolean;
  /** Runs before asking (e.g. required photos); false stops the move. */
  check?: () => boolean;
  /** The work; leave it out for an action that is a link (`to`). */
  run?: () => void | Promise<unknown>;
  /** Makes the action a link to this path (a real link: open in a new tab works). */
  to?: string;
};

export type DocumentActionsProps = {
  /** The badge, or the status and its label table. */
  status?: ReactNode | StatusBadgeProps;
  actions: DocumentAction[];
  /** Fold secondary actions into a menu on phones (the header); false for the save bar's few buttons. */
  collapse?: boolean;
};

const isBadgeProps = (status: DocumentActionsProps['status']): status is StatusBadgeProps =>
  typeof status === 'object' && status !== null && 'labels' in status && !('$$typeof' in status);

const isPrimary = (action: DocumentAction) => action.primary ?? (action.variant === undefined || action.variant === 'filled');

export function DocumentActions({ status, actions, collapse = true }: DocumentActionsProps) {
  const phone = usePhone();
  const { dirty, record } = useRecordActionScope();
  // A move on the record as saved would ignore what the form shows.
  const heldBack = (action: DocumentAction) => dirty && !action.to && !action.sendsForm;
  const [running, setRunning] = useState<string | null>(null);
  // The ref guards the same tick (two clicks before React re-renders); the state shows it.
  const busy = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const execute = async (action: DocumentAction) => {
    if (busy.current) return;
    busy.current = true;
    setRunning(action.key);
    try {
      await action.run?.();
    } catch (caught) {
      // Screens report their own refusals; this only keeps an unexpected one from passing silently.
      notifyError(asAppError(caught).message, ACTION_FAILED);
    } finally {
      busy.current = false;
      // A finished move often reloads the record and remounts the form.
      if (mounted.current) setRunning(null);
    }
  };

  const trigger = (action: DocumentAction) => {
    if (busy.current || heldBack(action)) return;
    if (action.check && !action.check()) return;
    if (action.irreversible && !action.confirm) {
      confirmIrreversible({ label: action.label, verb: action.verb, record, onConfirm: () => void execute(action) });
    } else if (action.confirm) {
      const { title, message, confirmLabel } = action.confirm;
      confirmAction({ title, message, confirmLabel, onConfirm: () => void execute(action) });
    } else void execute(action);
  };

  const visible = actions.filter((action) => action.show);
  const folded = collapse && phone ? visible.filter((action) => !isPrimary(action)) : [];
  const buttons = visible.filter((action) => !folded.includes(action));
  const badge = isBadgeProps(status) ? <StatusBadge status={status.status} labels={status.labels} /> : status;
  if (!badge && visible.length === 0) return null;
  const held = visible.filter(heldBack);
  const hint = held.length ? RECORD_ACTION_TEXTS.saveFirst([...new Set(held.map((a) => a.verb ?? actionVerb(a.label)))].join(' o ')) : null;

  return (
    <Group gap="xs" wrap="wrap">
      {badge}
      {buttons.map((action) =>
        action.to ? (
          <Button key={action.key} component={Link} to={action.to} color={action.color} variant={action.variant} leftSection={action.icon}>
            {action.label}
          </Button>
        ) : (
          <Button
            key={action.key}
            color={action.color}
            variant={action.variant}
            leftSection={action.icon}
            loading={running === action.key}
            disabled={(running !== null && running !== action.key) || heldBack(action)}
            title={heldBack(action) ? (hint ?? undefined) : undefined}
            onClick={() => trigger(action)}
          >
            {action.label}
          </Button>
        ),
      )}
      {folded.length > 0 ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" leftSection={<IconDots size={16} />} loading={running !== null && folded.some((a) => a.key === running)}>
              {MORE_ACTIONS_LABEL}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {folded.map((action) =>
              action.to ? (
                <Menu.Item key={action.key} component={Link} to={action.to} leftSection={action.icon}>
                  {action.label}
                </Menu.Item>
              ) : (
                <Menu.Item key={action.key} color={action.color === 'red' ? 'red' : undefined} leftSection={action.icon} disabled={running !== null || heldBack(action)} onClick={() => trigger(action)}>
                  {action.label}
                </Menu.Item>
              ),
            )}
          </Menu.Dropdown>
        </Menu>
      ) : null}
      {hint ? (
        <Text size="xs" c="dimmed" role="note">
          {hint}
        </Text>
      ) : null}
    </Group>
  );
}
