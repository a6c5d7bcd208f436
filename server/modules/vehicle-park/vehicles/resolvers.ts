// Vehículos resolvers: thin mapping between GraphQL and the service. The open
// maintenance orders of the vehicles of one answer are read in one batch.
import DataLoader from 'dataloader';
import type { RequestContext } from '../../../context';
import type { Resolvers } from '../../../graphql/types';
import { toAttachment } from '../../../lib/attachments';
import * as service from './service';

const openOrders = new WeakMap<RequestContext, DataLoader<number, string[]>>();
function openOrdersLoader(ctx: RequestContext): DataLoader<number, string[]> {
  let l = openOrders.get(ctx);
  if (!l) {
    l = new DataLoader(async (ids) => {
      const folios = await service.openMaintenanceOrdersOf(ctx, [...ids]);
      return ids.map((id) => folios.get(id) ?? []);
    });
    openOrders.set(ctx, l);
  }
  return l;
}

export const vehicleResolvers: Resolvers = {
  Query: {
    vehicles: (_p, a, ctx) => service.listVehicles(ctx, a.list, a.filter),
    vehicleGroups: (_p, a, ctx) => service.vehicleGroups(ctx, a.groupBy, a.list, a.filter),
    vehicle: (_p, a, ctx) => service.getVehicle(ctx, a.id),
    vehicleOptions: (_p, a, ctx) => service.vehicleOptions(ctx, a.search, a.limit, a.includeInShop),
  },
  Mutation: {
    vehicleCreate: (_p, a, ctx) => service.createVehicle(ctx, a.input),
    vehicleUpdate: (_p, a, ctx) => service.updateVehicle(ctx, a.id, a.version, a.input),
    vehicleStatusChange: (_p, a, ctx) => service.changeStatus(ctx, a.id, a.version, a.input),
    vehiclePhotoSet: (_p, a, ctx) => service.setPhoto(ctx, a.vehicleId, a.fileId),
    vehicleDocumentAdd: (_p, a, ctx) => service.addDocument(ctx, a.vehicleId, a.input),
    vehicleDocumentRemove: (_p, a, ctx) => service.removeDocument(ctx, a.id),
    vehicleOdometerAdd: (_p, a, ctx) => service.addOdometerReading(ctx, a.vehicleId, a.input),
  },
  Vehicle: {
    photo: (v) => (v.photo ? toAttachment(v.photo) : null),
    documents: (v, _a, ctx) => service.documentsOf(ctx, v.id),
    odometerReadings: (v, _a, ctx) => service.odometerReadingsOf(ctx, v.id),
    openMaintenanceOrders: (v, _a, ctx) => openOrdersLoader(ctx).load(v.id),
  },
};
