// Documentos (Configuración RH): the document types of an employee file, on
// the shared document-type catalogue (edited in a dialog, `?edit=N`).
import { useMemo } from 'react';
import { useMutation } from '@apollo/client/react';
import { RhDocumentTypeCreateDocument, RhDocumentTypeListDocument, RhDocumentTypeUpdateDocument, type RhDocumentTypeFieldsFragment } from '../../../../generated/modules/human-resources/graphql';
import { useScreenAccess } from '../../../components/access';
import { DocumentTypeCatalog } from '../../../components/DocumentTypeCatalog';
import { useListParams } from '../../../components/listParams';
import { useServerList } from '../../../components/useServerList';
import { activeFilter, RH_MODULE, RH_SETTINGS_SCREEN, texts } from './texts';

export function DocumentTypesPage() {
  const access = useScreenAccess(RH_MODULE, RH_SETTINGS_SCREEN);
  const params = useListParams({ sortBy: 'name', filters: { active: '' } });
  const active = activeFilter(params.filters.active);
  const variables = useMemo(() => ({ active }), [active]);
  const list = useServerList(RhDocumentTypeListDocument, params, variables, (d) => d.rhDocumentTypes, { entity: 'rh_document_type' });
  const [create] = useMutation(RhDocumentTypeCreateDocument);
  const [update] = useMutation(RhDocumentTypeUpdateDocument);
  return (
    <DocumentTypeCatalog<RhDocumentTypeFieldsFragment>
      description={texts.documents.description}
      exportName={texts.documents.exportName}
      params={params}
      list={list}
      access={access}
      expiresByDefault={false}
      onCreate={(input) => create({ variables: { input } })}
      onUpdate={(row, input) => update({ variables: { id: row.id, version: row.version, input } })}
    />
  );
}
