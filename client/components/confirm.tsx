// The product's confirm dialog (SPEC §1 "Dialogs"): every destructive action
// asks first, with the confirm button in #0e918c and the cancel button in
// #af0404. Built on @mantine/modals: a screen needs ModalsHost above it (the
// signed-in shell has one; a bare page that confirms adds its own).
import type { ReactNode } from 'react';
import { Button, Text, type ButtonProps } from '@mantine/core';
import { modals, ModalsProvider } from '@mantine/modals';
import { CANCEL_COLOR, CONFIRM_COLOR } from './actionColors';

export { CANCEL_COLOR, CONFIRM_COLOR };

/**
 * Where dialogs opened with `modals` render. It lives in the lazily loaded
 * shell, not in main.tsx, so Modal and its positioning code stay out of the
 * entry script the sign-in page downloads.
 */
export function ModalsHost({ children }: { children: ReactNode }) {
  return <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>{children}</ModalsProvider>;
}

export type ConfirmOptions = {
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  onConfirm: () => void;
  /** Runs when the dialog is dismissed in any way other than confirming. */
  onCancel?: () => void;
};

/** Opens the dialog and returns its modal id. */
export function confirmAction({
  title,
  message,
  confirmLabel = 'Confirmar',
  cancelLabel = 'Cancelar',
  onConfirm,
  onCancel,
}: ConfirmOptions): string {
  // Mantine calls onClose for every way of closing (button, Esc, overlay);
  // remembering the confirm is what tells a cancel apart from it.
  let confirmed = false;
  return modals.openConfirmModal({
    title,
    centered: true,
    children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
    labels: { confirm: confirmLabel, cancel: cancelLabel },
    confirmProps: { color: CONFIRM_COLOR, variant: 'filled' },
    cancelProps: { color: CANCEL_COLOR, variant: 'filled' },
    onConfirm: () => {
      confirmed = true;
      onConfirm();
    },
    onClose: () => {
      if (!confirmed) onCancel?.();
    },
  });
}

/** Resolves true when confirmed, false when dismissed. */
export function confirmAsync(options: Omit<ConfirmOptions, 'onConfirm' | 'onCancel'>): Promise<boolean> {
  return new Promise((resolve) => {
    confirmAction({ ...options, onConfirm: () => resolve(true), onCancel: () => resolve(false) });
  });
}

/** Hook form for components that prefer `const confirm = useConfirm(); if (await confirm(...))`. */
export function useConfirm(): typeof confirmAsync {
  return confirmAsync;
}

export type ConfirmButtonProps = Omit<ButtonProps, 'onClick'> & {
  children: ReactNode;
  confirmTitle: ReactNode;
  confirmMessage: ReactNode;
  confirmLabel?: ReactNode;
  onConfirm: () => void;
  type?: 'button' | 'submit' | 'reset';
};

/** A button whose action only runs after the confirm dialog. */
export function ConfirmButton({
  confirmTitle,
  confirmMessage,
  confirmLabel,
  onConfirm,
  type = 'button',
  ...buttonProps
}: ConfirmButtonProps) {
  return (
    <Button
      {...buttonProps}
      type={type}
      onClick={() => confirmAction({ title: confirmTitle, message: confirmMessage, confirmLabel, onConfirm })}
    />
  );
}
