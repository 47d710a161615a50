import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormConfig } from '../../schemas/form';
import type { RendererMap } from '../../src/engine/renderer';
import { compileModel } from '../../src/runtime/compileModel';
import ModelForm from '../../src/runtime/ModelForm';
import type { RecordSource } from '../../src/runtime/source';
import { DESIGNER_NS } from '../i18n';

/**
 * The preview (issue 13 item 1): the designed form in the real `<ModelForm>` (the same widgets, layout and validation as
 * the published page); its 确定 validates and answers 校验通过 without saving anything.
 */
export default function PreviewDialog({ form, registry, open, onClose }: { form: FormConfig; registry: RendererMap; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(DESIGNER_NS);
  const { compiled, registry: reg } = useMemo(() => compileModel(form, registry), [form, registry]);
  const source = useMemo<RecordSource>(
    () => ({
      key: 'designer-preview',
      list: async () => ({ list: [], pagination: { currentPage: 1, pageSize: 20, total: 0 } }),
      get: async () => ({}),
      create: async (record) => ({ code: 200, msg: t('fd.validOk'), data: record }),
    }),
    [t],
  );
  if (!open) return null;
  return <ModelForm moduleId="designer-preview" source={source} form={form} compiled={compiled} registry={reg} mode="add" open={open} onClose={onClose} onSaved={() => {}} />;
}
