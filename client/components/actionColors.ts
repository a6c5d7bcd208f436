// The two action colours of SPEC §1 "Dialogs": confirm #0e918c, cancel #af0404.
// In their own module so the toasts (in the entry script) can use them
// without pulling the dialog code (@mantine/modals) in with them.
export const CONFIRM_COLOR = '#0e918c';
export const CANCEL_COLOR = '#af0404';
