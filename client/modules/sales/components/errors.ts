// Server errors on Ventas forms: field messages go under the inputs the
// screen has ("lines.0.quantity" included); the rest go above the form.
export { asAppError, errorForForm, placedFields } from '../../shopping/ui/errors';
