// The files of a saved employee: the photo and one row per document type
// with its state, through the shared panels of client/components/RecordFiles.
import { useMutation } from '@apollo/client/react';
import { RhEmployeeDocumentAddDocument, RhEmployeeDocumentRemoveDocument, RhEmployeePhotoSetDocument } from '../../../../generated/modules/human-resources/graphql';
import { DocumentsPanel as RecordDocumentsPanel, PhotoPanel as RecordPhotoPanel } from '../../../components/RecordFiles';
import type { Employee } from './EmployeeFormPage';
import { texts } from './texts';

export function PhotoPanel({ employee, canEdit }: { employee: Employee; canEdit: boolean }) {
  const [setPhoto] = useMutation(RhEmployeePhotoSetDocument);
  return <RecordPhotoPanel photo={employee.photo} canEdit={canEdit} onPhoto={(fileId) => setPhoto({ variables: { employeeId: employee.id, fileId } })} />;
}

export function DocumentsPanel({ employee, canEdit }: { employee: Employee; canEdit: boolean }) {
  const [add] = useMutation(RhEmployeeDocumentAddDocument);
  const [remove] = useMutation(RhEmployeeDocumentRemoveDocument);
  return (
    <RecordDocumentsPanel
      documents={employee.documents}
      documentAlerts={employee.documentAlerts}
      untracked={employee.status === 'baja' ? texts.form.documents.untracked : null}
      canEdit={canEdit}
      empty={texts.form.documents.empty}
      actions={{
        add: (input) => add({ variables: { employeeId: employee.id, input } }),
        remove: (id) => remove({ variables: { id } }),
      }}
    />
  );
}
