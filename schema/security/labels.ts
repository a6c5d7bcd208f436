// How people name Seguridad records (folios), on screen, in PDFs and in the activity log.
export { formatInspectionFolio } from './inspections';
export { formatPermitFolio } from './permits';
export { formatDeliveryFolio } from './tools';
