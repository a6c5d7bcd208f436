// Cost sources of the job cost (issue 28): Almacén requisitions name a Ventas
// service order, Compras expenses a contract and/or service order. Both modules
// check what they name here, with the same Spanish field messages.
import type { Executor } from '../../db/database';
import type { FieldMessages } from '../../lib/errors';
import { JOB_COST_MSG } from '../../../schema/sales/jobCost';
import * as data from './data';

/** Adds a message per missing reference (and for an order of another contract) to `fields`. */
export async function checkCostAssignment(tx: Executor, v: { contractId?: number | null; serviceOrderId?: number | null }, fields: FieldMessages): Promise<void> {
  if (v.serviceOrderId) {
    const order = await data.orderContractOf(tx, v.serviceOrderId);
    if (!order) fields.serviceOrderId = JOB_COST_MSG.serviceOrderMissing;
    else if (v.contractId && order.contractId !== null && Number(order.contractId) !== v.contractId) fields.serviceOrderId = JOB_COST_MSG.orderNotOfContract;
  }
  if (v.contractId) {
    if (!(await data.contractExists(tx, v.contractId))) fields.contractId = JOB_COST_MSG.contractMissing;
  }
}
