// Typed documents for the SPA and resolver types for the server: every `.graphql` operation under client/ is
// checked against schema/*.graphql and emitted to generated/ (committed;
// `npm run codegen` regenerates it, `npm test` checks it is current).
import fs from 'node:fs';
import type { CodegenConfig } from '@graphql-codegen/cli';

const clientOutput = {
  preset: 'client' as const,
  presetConfig: { fragmentMasking: false, gqlTagName: 'gql' },
  config: {
    scalars: { Decimal: 'string', Date: 'string', DateTime: 'string', JSON: 'unknown' },
    enumsAsTypes: true,
    useTypeImports: true,
    avoidOptionals: { field: true, inputValue: false, object: true, defaultValue: false },
  },
};

/** client/modules/<name>/ folders that hold operations. */
const moduleNames = fs
  .readdirSync('client/modules', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && fs.readdirSync(`client/modules/${entry.name}`, { recursive: true }).some((file) => String(file).endsWith('.graphql')))
  .map((entry) => entry.name)
  .sort();

const config: CodegenConfig = {
  schema: 'schema/*.graphql',
  ignoreNoDocuments: true,
  generates: {
    // Resolver signatures for the server: args and return types checked against the SDL.
    'generated/server.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        contextType: '../server/context#RequestContext',
        defaultMapper: 'Partial<{T}>',
        // Parent shapes that differ from the SDL type (fields resolved separately).
        mappers: {
          RoleDetail: '../server/modules/settings/data#RoleWithCount',
          AppModule: '../server/modules/settings/data#ModuleRow',
          Submodule: '../server/modules/settings/data#SubmoduleRow',
          Client: '../server/modules/sales/data#ClientRow',
          Quote: '../server/modules/sales/data#QuoteRow',
          Contract: '../server/modules/sales/data#ContractRow',
          ServiceOrder: '../server/modules/sales/data#OrderRow',
          OrderDelivery: '../server/modules/sales/data#DeliveryRow',
          Generator: '../server/modules/sales/data#GeneratorRow',
          Invoice: '../server/modules/sales/data#InvoiceRow',
          ClientPayment: '../server/modules/sales/data#PaymentRow',
          CreditNote: '../server/modules/sales/data#CreditNoteRow',
          InvoiceAnticipo: '../server/modules/sales/data#AnticipoRow',
          CreditNoteLine: '../server/modules/sales/data#CreditNoteLineRow',
          Article: '../server/modules/warehouse/data#ArticleRow',
          ArticleOption: '../server/modules/warehouse/data#ArticleOptionRow',
          StockConcept: '../server/modules/warehouse/data#ConceptRow',
          StockMovement: '../server/modules/warehouse/data#MovementRow',
          StockMovementLine: '../server/modules/warehouse/data#MovementLineParent',
          StockLevel: '../server/modules/warehouse/data#StockLevelRow',
          StockWarehouseTotal: '../server/modules/warehouse/data#StockTotalRow',
          Kardex: '../server/modules/warehouse/stock#KardexResult',
          KardexEntry: '../server/modules/warehouse/data#KardexEntryParent',
          InventoryCount: '../server/modules/warehouse/data#CountRow',
          InventoryCountLine: '../server/modules/warehouse/data#CountLineParent',
          WarehouseRequisition: '../server/modules/warehouse/data#RequisitionRow',
          WarehouseRequisitionLine: '../server/modules/warehouse/data#RequisitionLineParent',
          PdmRequest: '../server/modules/warehouse/data#PdmRow',
          PdmRequestLine: '../server/modules/warehouse/data#PdmLineParent',
          Supplier: '../server/modules/shopping/data#SupplierRow',
          Expense: '../server/modules/shopping/data#ExpenseRow',
          PurchaseOrder: '../server/modules/shopping/data#PurchaseOrderRow',
          Viatico: '../server/modules/shopping/viaticos#ViaticoView',
          SupplierPayment: '../server/modules/shopping/data#SupplierPaymentRow',
          AccountEntry: '../server/modules/shopping/data#AccountEntryRow',
          CashPeriod: '../server/modules/cash/data#CashPeriodRow',
          CashMovement: '../server/modules/cash/data#CashMovementRow',
          RhEmployee: '../server/modules/rh/employees/service#EmployeeRecord',
          RhAgreement: '../server/modules/rh/agreements/data#AgreementRow',
          RhIncapacity: '../server/modules/rh/incapacities/data#IncapacityRow',
          RhPayroll: '../server/modules/rh/payroll/data#PayrollRow',
          RhPayrollEmployee: '../server/modules/rh/payroll/data#PayrollEmployeeRow',
          RhReceiptCfdi: '../server/modules/rh/payroll/data#ReceiptCfdiRow',
          MaintenanceSchedule: '../server/modules/maintenance/data#MtScheduleRow',
          MaintenanceOrder: '../server/modules/maintenance/data#MtOrderRow',
          MaintenanceFailureReport: '../server/modules/maintenance/data#MtFailureReportRow',
          Vehicle: '../server/modules/vehicle-park/vehicles/service#VehicleRecord',
          SecInspectionType: '../server/modules/security/data#TypeRow',
          SecInspection: '../server/modules/security/data#InspectionRow',
          SecPermit: '../server/modules/security/data#PermitRow',
          SecTool: '../server/modules/security/data#ToolRow',
          SecDelivery: '../server/modules/security/data#SecDeliveryRow',
        },
        useIndexSignature: true,
        enumsAsTypes: true,
        useTypeImports: true,
        scalars: {
          ID: { input: 'string', output: 'string | number' },
          Decimal: 'string',
          Date: 'string',
          DateTime: { input: 'string', output: 'Date | string' },
          JSON: 'unknown',
        },
      },
    },
    // One client output per part of the SPA, so a screen loads only its own module's documents:
    // the shell's few operations stay in the entry chunk, the shared components' in theirs, and each
    // module's in generated/modules/<module>/, which loads with that module's (lazy) screens. A
    // module's output also holds the components' documents because its operations spread their
    // fragments (AttachmentFields, MoneyGroupPageFields...); what it does not import is left out of
    // its chunk by the bundler.
    'generated/app/': { ...clientOutput, documents: ['client/app/**/*.graphql'] },
    'generated/components/': { ...clientOutput, documents: ['client/components/**/*.graphql'] },
    ...Object.fromEntries(
      moduleNames.map((name) => [
        `generated/modules/${name}/`,
        { ...clientOutput, documents: [`client/modules/${name}/**/*.graphql`, 'client/components/**/*.graphql'] },
      ]),
    ),
  },
};

export default config;
