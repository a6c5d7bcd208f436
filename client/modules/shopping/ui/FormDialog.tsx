// Moved to client/components/EditDialog. This re-export remains only because
// the sales module (being edited in parallel) imports it; repoint those
// imports and delete this file once the sales work lands.
export { DateField, FormDialog, type FormDialogProps } from '../../../components/EditDialog';
