// Importing clients from a spreadsheet through the shared ImportDialog: the
// header row is matched to the client fields; the server validates every row
// and answers per row ("rows.3.rfc") or imports all of them.
import { useMutation } from '@apollo/client/react';
import { ClientImportDocument } from '../../../../generated/modules/sales/graphql';
import { ImportDialog } from '../../../components/ImportDialog';
import { texts } from '../texts';
import { CLIENT_IMPORT_HEADERS, CLIENT_IMPORT_REQUIRED } from './importRows';

const t = texts.clients;

type Props = { opened: boolean; onClose: () => void; onImported: () => void };

export function ImportClientsModal({ opened, onClose, onImported }: Props) {
  const [run] = useMutation(ClientImportDocument);
  return (
    <ImportDialog
      opened={opened}
      onClose={onClose}
      title={t.importTitle}
      help={t.importHelp}
      headers={CLIENT_IMPORT_HEADERS}
      required={CLIENT_IMPORT_REQUIRED}
      missingColumns={t.importMissingColumns}
      run={async (rows) => (await run({ variables: { rows } })).data?.clientImport.created ?? 0}
      done={t.importDone}
      onImported={onImported}
    />
  );
}
