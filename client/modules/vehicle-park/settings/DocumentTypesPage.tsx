// Documentos (Configuración PV): the document types of a vehicle, on the
// shared document-type catalogue (edited in a dialog, `?edit=N`), with how
// many documents of each type are on file, and which type is the vehicle's
// insurance policy (a checkbox; the server refuses a second one).
import { useMemo } from 'react';
import { useMutation } from '@apollo/client/react';
import { VpDocumentTypeCreateDocument, VpDocumentTypeListDocument, VpDocumentTypeUpdateDocument, type VpDocumentTypeFieldsFragment } from '../../../../generated/modules/vehicle-park/graphql';
import { useScreenAccess } from '../../../components/access';
import { DocumentTypeCatalog } from '../../../components/DocumentTypeCatalog';
import { useListParams } from '../../../components/listParams';
import { useServerList } from '../../../components/useServerList';
import { activeFilter, texts, VP_MODULE, VP_SETTINGS_SCREEN } from '../texts';

export function DocumentTypesPage() {
  const access = useScreenAccess(VP_MODULE, VP_SETTINGS_SCREEN);
  const params = useListParams({ sortBy: 'name', filters: { active: '' } });
  const active = activeFilter(params.filters.active);
  const variables = useMemo(() => ({ active }), [active]);
  const list = useServerList(VpDocumentTypeListDocument, params, variables, (d) => d.vpDocumentTypes, { entity: 'vp_document_type' });
  const [create] = useMutation(VpDocumentTypeCreateDocument);
  const [update] = useMutation(VpDocumentTypeUpdateDocument);
  return (
    <DocumentTypeCatalog<VpDocumentTypeFieldsFragment>
      description={texts.settings.documents.description}
      exportName={texts.settings.documents.exportName}
      params={params}
      list={list}
      access={access}
      expiresByDefault
      withDocumentCount
      flag={{
        field: 'insurancePolicy',
        label: texts.settings.documents.insurancePolicy,
        description: texts.settings.documents.insurancePolicyHint,
        badge: texts.settings.documents.insurancePolicyBadge,
        of: (r) => r.insurancePolicy,
      }}
      onCreate={(input) => create({ variables: { input } })}
      onUpdate={(row, input) => update({ variables: { id: row.id, version: row.version, input } })}
    />
  );
}
