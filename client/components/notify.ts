// Toasts for the outcome of an action, so every screen words and colours them
// alike. Errors stay on screen longer: they usually need to be read.
import { createElement, type ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { CONFIRM_COLOR, CANCEL_COLOR } from './confirm';

export function notifySuccess(message: ReactNode, title: ReactNode = 'Listo'): string {
  return notifications.show({
    title,
    message,
    color: CONFIRM_COLOR,
    icon: createElement(IconCheck, { size: 18 }),
    autoClose: 4000,
  });
}

export function notifyError(message: ReactNode, title: ReactNode = 'Error'): string {
  return notifications.show({
    title,
    message,
    color: CANCEL_COLOR,
    icon: createElement(IconAlertCircle, { size: 18 }),
    autoClose: 8000,
  });
}
