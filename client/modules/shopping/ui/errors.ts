// Moved to client/components/serverErrors. This re-export remains only because
// client/modules/sales/components/errors.ts (being edited in parallel) imports
// it; repoint that import and delete this file once the sales work lands.
export { asAppError, errorForForm, placedFields } from '../../../components/serverErrors';
